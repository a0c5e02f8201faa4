'use client';
// The squads list (components/ui/KindListPage.tsx): order, tasks and sectors, Import bundle
// beside New, and per row the designer before edit and delete.
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Can } from '@/components/ui/Can';
import { KindListPage, sectorsColumn } from '@/components/ui/KindListPage';
import type { Column } from '@/components/ui/ResourceTable';
import { KIND_LISTS } from '@/lib/client/kinds';
import type { SquadRecord } from '@/lib/schemas/squad';
import { ORDER_INFO } from './labels';

export function SquadsList() {
  const columns: Column<SquadRecord>[] = [
    { key: 'order', header: 'Order', sortable: true, cell: (s) => ORDER_INFO[s.order]?.label ?? s.order },
    { key: 'tasks', header: 'Tasks', sortable: true, kind: 'num', cell: (s) => s.tasks.length },
    sectorsColumn(),
  ];

  return (
    <KindListPage
      kind="squads"
      resource={KIND_LISTS.squads}
      description="Groups of tasks, each run by one of your agents, in order or under a supervisor."
      actions={
        <Can kind="squads" verb="create">
          <ButtonLink href="/squads/import">Import bundle</ButtonLink>
        </Can>
      }
      columns={columns}
      sort={{ order: (s) => s.order, tasks: (s) => s.tasks.length }}
      rowLinks={(s) => (
        <ButtonLink size="sm" variant="ghost" prefetch={false} href={`/squads/${encodeURIComponent(s.id)}/designer`} aria-label={`Open the designer of squad ${s.name}`}>
          Designer
        </ButtonLink>
      )}
      first={{ label: 'Create your first squad', text: 'A squad puts agents to work together: each task is run by one agent, in an order you design.' }}
      disabledNote="squads keep their design but cannot be run."
    />
  );
}
