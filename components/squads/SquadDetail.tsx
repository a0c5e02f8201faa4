'use client';
// One squad (components/ui/KindDetailPage.tsx): its properties and version, its tasks (read-only,
// in the order they can run, with their agents and dependencies), its recent history; enable, open
// the designer, edit, export and delete.
import Link from 'next/link';
import { Badge } from '@/components/ui/Badge';
import { Can } from '@/components/ui/Can';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { DeleteButton } from '@/components/ui/DeleteButton';
import { KindDetailPage, RecordStamps, SectorsRow } from '@/components/ui/KindDetailPage';
import { RecentChanges } from '@/components/ui/RecentChanges';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { EmptyState } from '@/components/ui/States';
import { KindBadge } from '@/components/history/Timeline';
import { agents } from '@/lib/client/agents';
import { squads, useSquadHistory } from '@/lib/client/squads';
import type { SquadRecord, SquadTaskRecord } from '@/lib/schemas/squad';
import { ExportBundleButton } from './ExportBundleButton';
import { ORDER_INFO, useNames } from './labels';
import { runOrder } from './order';
import './squads.css';

const designerOf = (s: SquadRecord) => `/squads/${encodeURIComponent(s.id)}/designer`;

export function SquadDetail({ id }: { id: string }) {
  return (
    <KindDetailPage
      kind="squads"
      id={id}
      resource={squads}
      what="the squad"
      description={(s) => `${ORDER_INFO[s.order]?.label ?? s.order} squad · ${s.tasks.length} ${s.tasks.length === 1 ? 'task' : 'tasks'} · version ${s.version}`}
      actions={(s, remove, onDeleted) => (
        <>
          <ButtonLink href={designerOf(s)} variant="primary">
            Open designer
          </ButtonLink>
          <Can kind="squads" verb="update">
            <ButtonLink href={`/squads/${encodeURIComponent(s.id)}/edit`}>Edit</ButtonLink>
          </Can>
          <ExportBundleButton id={s.id} name={s.name} />
          <Can kind="squads" verb="delete">
            <DeleteButton id={s.id} name={s.name} noun="squad" mutation={remove} variant="danger" onDeleted={onDeleted} />
          </Can>
        </>
      )}
      notice={(s) =>
        s.tasks.length === 0 && (
          <section className="designer-callout" aria-labelledby="squad-next-step">
            <div>
              <h2 id="squad-next-step">Open the designer to add tasks</h2>
              <p className="muted">This squad has no tasks yet. In the designer you add tasks, give each to an agent and link them in order.</p>
            </div>
            <ButtonLink href={designerOf(s)} variant="primary">
              Open the designer
            </ButtonLink>
          </section>
        )
      }
    >
      {(s) => (
        <div className="detail-grid">
          <div className="stack">
            <SquadProperties squad={s} />
            <SquadTasks squad={s} designer={designerOf(s)} />
          </div>
          <div className="stack">
            <SquadRecentHistory squadId={s.id} />
          </div>
        </div>
      )}
    </KindDetailPage>
  );
}

function SquadProperties({ squad: s }: { squad: SquadRecord }) {
  const agentName = useNames(agents.useList().data);
  const slot = (value: SquadRecord['planningAgent']) =>
    value ? <Link href={`/agents/${encodeURIComponent(value.id)}`}>{agentName(value.id)}</Link> : <span className="muted">None</span>;
  return (
    <section className="card" aria-labelledby="squad-properties">
      <h2 id="squad-properties">Properties</h2>
      <dl className="dl">
        <dt>Order</dt>
        <dd>
          {ORDER_INFO[s.order]?.label ?? s.order}
          <span className="muted small"> — {ORDER_INFO[s.order]?.description}</span>
        </dd>
        <dt>Plan first</dt>
        <dd>
          <Badge tone={s.do_plan ? 'success' : undefined}>{s.do_plan ? 'Yes' : 'No'}</Badge>
        </dd>
        <dt>Planning agent</dt>
        <dd>{slot(s.planningAgent)}</dd>
        <dt>Supervisor</dt>
        <dd>{slot(s.supervisor)}</dd>
        <dt>Publisher</dt>
        <dd>{s.publisher}</dd>
        <SectorsRow sectors={s.sectors} />
        <dt>Version</dt>
        <dd>{s.version}</dd>
        <RecordStamps record={s} />
      </dl>
    </section>
  );
}

function SquadTasks({ squad, designer }: { squad: SquadRecord; designer: string }) {
  const agentName = useNames(agents.useList().data);
  const ordered = runOrder(squad.tasks);
  const step = new Map(ordered.map((t, i) => [t.id, i + 1]));
  const taskName = new Map(squad.tasks.map((t) => [t.id, t.name]));
  const columns: Column<SquadTaskRecord>[] = [
    { key: 'step', header: 'Step', kind: 'num', cell: (t) => step.get(t.id) },
    {
      key: 'name',
      header: 'Task',
      primary: true,
      cell: (t) => (
        <span className="stack" style={{ gap: 2 }}>
          <strong>{t.name}</strong>
          <span className="muted small">{t.objective}</span>
        </span>
      ),
    },
    { key: 'agent', header: 'Agent', cell: (t) => <Link href={`/agents/${encodeURIComponent(t.agent)}`}>{agentName(t.agent)}</Link> },
    {
      key: 'dependsOn',
      header: 'Depends on',
      cell: (t) =>
        t.dependsOn.length ? (
          <span className="task-deps">
            {t.dependsOn.map((d) => (
              <span className="tag" key={d}>
                {step.has(d) ? `${step.get(d)}. ` : ''}
                {taskName.get(d) ?? d}
              </span>
            ))}
          </span>
        ) : (
          <span className="muted">Nothing</span>
        ),
    },
  ];
  return (
    <section className="card card-tight" aria-labelledby="squad-tasks">
      <div className="row" style={{ padding: '18px 20px 6px', justifyContent: 'space-between' }}>
        <h2 id="squad-tasks">Tasks</h2>
        <ButtonLink href={designer} size="sm">
          Edit in the designer
        </ButtonLink>
      </div>
      <p className="muted small" style={{ padding: '0 20px 12px', margin: 0 }}>
        Read-only here, in the order they can run: tasks, their agents and their links are edited in the designer.
      </p>
      {ordered.length === 0 ? (
        <EmptyState title="No tasks yet" icon="⬡">
          Add the first task in the designer.
        </EmptyState>
      ) : (
        <ResourceTable caption={`Tasks of ${squad.name}`} rows={ordered} columns={columns} rowKey={(t) => t.id} />
      )}
    </section>
  );
}

function SquadRecentHistory({ squadId }: { squadId: string }) {
  const history = useSquadHistory(squadId);
  const records = (history.data ?? []).slice(0, 10);
  return (
    <RecentChanges
      headingId="squad-history"
      query={history}
      changes={records}
      what={(r) => (
        <>
          <KindBadge kind={r.type} /> <strong>{r.action}</strong>
        </>
      )}
      when={(r) => r.date}
      footer={
        records.length > 0 && (
          <p className="small" style={{ marginTop: 14 }}>
            <Link href={`/history/squads?squadId=${encodeURIComponent(squadId)}`}>All changes of this squad</Link>
          </p>
        )
      }
    />
  );
}
