'use client';
// The new-tool page (first the catalogue of tool types, then the form for the chosen type, kept
// in the URL as ?type=) and the edit-tool page.
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { toast } from '@/lib/client/toast';
import { Badge } from '@/components/ui/Badge';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { PageHeader } from '@/components/ui/PageHeader';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { useSession } from '@/lib/client/session';
import { tools, useToolTypes, type AvailableToolType } from '@/lib/client/tools';
import { defaultsFor, plain, CATEGORY_LABELS } from './tool-kinds';
import { VersionedEditPage } from '@/components/versions/VersionedEditPage';
import { ToolForm, newToolValues, toolValues } from './ToolForm';
import './tools.css';

export function NewTool() {
  const params = useSearchParams();
  const router = useRouter();
  const types = useToolTypes();
  const session = useSession();
  const create = tools.useCreate();
  const typeKey = params.get('type');
  const type = types.data?.find((t) => t.key === typeKey);

  if (types.isPending || session.isPending) return <LoadingState label="Loading the tool types…" />;
  if (types.isError) {
    return (
      <div className="page">
        <PageHeader title="New tool" back={{ href: '/tools', label: 'Tools' }} />
        <div className="card">
          <ErrorState error={types.error} onRetry={() => types.refetch()} title="Could not load the tool types" />
        </div>
      </div>
    );
  }
  if (!type) return <ToolCatalogue types={types.data} unknown={typeKey} />;

  return (
    <div className="page page-narrow">
      <PageHeader
        title={`New tool: ${type.name}`}
        description={plain(type.description)}
        back={{ href: '/tools/new', label: 'Tool types' }}
        actions={
          <ButtonLink href="/tools/new" size="sm">
            Change type
          </ButtonLink>
        }
      />
      <ToolForm
        key={type.key}
        defaultValues={newToolValues(session.data?.user?.name ?? session.data?.actor.name ?? '', defaultsFor(type))}
        typeFixed
        submitLabel="Create tool"
        action="Could not create the tool"
        pending={create.isPending}
        cancelHref="/tools"
        onSubmit={async (body) => {
          const { id } = await create.mutateAsync(body);
          toast.success(`Tool “${body.name}” created`);
          router.push(`/tools/${encodeURIComponent(id)}`);
        }}
      />
    </div>
  );
}

/** The catalogue (GET /tools/availables), as cards grouped by category. */
function ToolCatalogue({ types, unknown }: { types: AvailableToolType[]; unknown: string | null }) {
  const categories = [...new Set(types.map((t) => t.category))];
  return (
    <div className="page">
      <PageHeader title="New tool" description="Choose what kind of tool to add. You can change every setting afterwards." back={{ href: '/tools', label: 'Tools' }} />
      {unknown && (
        <p className="callout" role="alert">
          There is no tool type “{unknown}”; choose one below.
        </p>
      )}
      <div className="type-groups">
        {categories.map((category) => (
          <section key={category} aria-labelledby={`category-${category}`} className="stack" style={{ gap: 10 }}>
            <div>
              <h2 id={`category-${category}`}>{CATEGORY_LABELS[category]?.title ?? category}</h2>
              {CATEGORY_LABELS[category] && <p className="muted small">{CATEGORY_LABELS[category].text}</p>}
            </div>
            <ul className="type-grid">
              {types
                .filter((t) => t.category === category)
                .map((t) => (
                  <li key={t.key}>
                    <Link className="type-card" href={`/tools/new?type=${encodeURIComponent(t.key)}`}>
                      <span className="type-card-name">
                        {t.name} <Badge tone="accent">{t.key}</Badge>
                      </span>
                      <span className="type-card-text">{plain(t.description)}</span>
                    </Link>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

export function EditTool({ id }: { id: string }) {
  const update = tools.useUpdate();
  return (
    <VersionedEditPage kind="tools" id={id} resource={tools} what="the tool" toValues={toolValues}>
      {({ record, form, save }) => (
        <ToolForm
          {...form}
          pending={update.isPending}
          onSubmit={(body, values) => save(values, body.name, (version) => update.mutateAsync({ id: record.id, input: body, version }))}
        />
      )}
    </VersionedEditPage>
  );
}
