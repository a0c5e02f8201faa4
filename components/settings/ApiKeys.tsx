'use client';
// Settings → API keys: create a key with a role, sectors and an expiry (its secret is shown once,
// with a copy button and a curl example); list the company's keys with their role, sectors,
// expiry and last use; roll one with a grace period, or revoke it, each after a confirmation.
import { Icon } from '@/components/ui/icons';
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { toast } from '@/lib/client/toast';
import { Badge, TagList } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { CompanyId } from '@/components/console/CompanyId';
import { CopyButton } from '@/components/ui/CopyButton';
import { DateTime, formatDateTime, useClock } from '@/components/ui/DateTime';
import { PageHeader } from '@/components/ui/PageHeader';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { useApiKeys, useRevokeApiKey, useRollApiKey } from '@/lib/client/api-keys';
import { useRole } from '@/lib/client/access';
import type { ApiKeyRecord, CreatedApiKeyRecord } from '@/lib/schemas/auth';

// The create form (react-hook-form, ~13 kB gzip) is its own chunk, asked for as the page hydrates:
// the server renders it into the HTML as usual, and its boundary hydrates once the chunk is there
// (decision 028: the list pages' first load, settings/api-keys included, ≤ 150 kB).
const CreateKey = lazy(() => import('./CreateKeyForm'));

/** A key just made (or rolled): its secret, shown this once, and what became of the key it replaces. */
type Shown = { key: CreatedApiKeyRecord; replaced?: ApiKeyRecord };

export function ApiKeys() {
  const [created, setCreated] = useState<Shown | null>(null);
  const { role, sectors } = useRole();
  const creator = { role, sectors };
  return (
    <div className="page">
      <PageHeader
        title="API keys"
        description="Programs use an API key to get an access token from GET /api/authentication/generate-access-token. Each key is shown once, when it is created."
      />
      <section className="card" aria-label="Company id">
        <CompanyId />
      </section>
      {created ? (
        <NewKey created={created.key} replaced={created.replaced} onDone={() => setCreated(null)} />
      ) : (
        <Suspense
          fallback={
            <section className="card" aria-labelledby="create-key" aria-busy="true">
              <h2 id="create-key">Create a key</h2>
              <LoadingState label="Loading the form…" rows={1} />
            </section>
          }
        >
          <CreateKey onCreated={(key) => setCreated({ key })} creator={creator} />
        </Suspense>
      )}
      <KeyList onRolled={(key, replaced) => setCreated({ key, replaced })} />
    </div>
  );
}

const unchanging = () => () => {};

function NewKey({ created, replaced, onDone }: { created: CreatedApiKeyRecord; replaced?: ApiKeyRecord; onDone: () => void }) {
  // The page's origin never changes: read on the client, empty in the server's render.
  const origin = useSyncExternalStore(unchanging, () => window.location.origin, () => '');
  return (
    <section className="card stack" aria-labelledby="new-key">
      <h2 id="new-key">{replaced ? 'Replacement' : 'New'} API key “{created.name}”</h2>
      <p className="callout">Copy this key now and keep it somewhere safe. It will not be shown again; if you lose it, revoke it and create another.</p>
      {replaced && (
        <p data-testid="replaced-key">
          {replaced.revokedAt ? (
            <>The old key ({replaced.prefix}…) was revoked: programs still using it are refused from now on.</>
          ) : (
            <>
              The old key ({replaced.prefix}…) keeps working until {replaced.expiresAt ? formatDateTime(replaced.expiresAt) : 'it is revoked'}: switch your programs to the new one before then.
            </>
          )}
        </p>
      )}
      <div className="secret">
        <code data-testid="new-api-key">{created.apiKey}</code>
        <CopyButton text={created.apiKey} label="Copy key" />
      </div>
      <div className="stack" style={{ gap: 6 }}>
        <p className="small muted">Exchange it for an access token:</p>
        <pre className="secret small" style={{ margin: 0, overflowX: 'auto' }}>
          <code>{`curl -H "authorization: ApiKey ${created.apiKey}" \\\n  ${origin}/api/authentication/generate-access-token`}</code>
        </pre>
      </div>
      <div className="form-actions">
        <Button variant="primary" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </section>
  );
}

/** The grace periods of a roll (decision 084), as offered. */
const GRACES = [
  { seconds: 0, label: 'None', consequence: 'The old key, and every token issued for it, stop working at once.' },
  { seconds: 3600, label: '1 hour', consequence: 'The old key keeps working for 1 hour, then stops, with every token issued for it.' },
  { seconds: 86400, label: '24 hours', consequence: 'The old key keeps working for 24 hours, then stops, with every token issued for it.' },
] as const;

/** Whether a key still works at `now` (null: the server's render, which shows no clock-dependent state). */
const isExpired = (key: ApiKeyRecord, now: number | null) => now !== null && key.expiresAt !== null && Date.parse(key.expiresAt) <= now;

const ROLE_LABEL: Record<ApiKeyRecord['role'], string> = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' };

function KeyList({ onRolled }: { onRolled: (key: CreatedApiKeyRecord, replaced: ApiKeyRecord) => void }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const roll = useRollApiKey();
  const now = useClock();
  const graceName = useId();
  const [target, setTarget] = useState<ApiKeyRecord | null>(null);
  const [rolling, setRolling] = useState<ApiKeyRecord | null>(null);
  const [grace, setGrace] = useState<number>(3600);
  const [error, setError] = useState<string | null>(null);

  const confirmRevoke = () => {
    if (!target) return;
    setError(null);
    revoke.mutate(target.id, {
      onSuccess: () => {
        toast.success(`API key “${target.name}” revoked`);
        setTarget(null);
      },
      onError: (e) => {
        setError(e.message);
        toast.error(`Could not revoke “${target.name}”`);
      },
    });
  };

  const confirmRoll = () => {
    if (!rolling) return;
    setError(null);
    roll.mutate(
      { id: rolling.id, graceSeconds: grace },
      {
        onSuccess: ({ replaced, ...key }) => {
          toast.success(`API key “${rolling.name}” rolled`);
          setRolling(null);
          onRolled(key, replaced);
        },
        onError: (e) => {
          setError(e.message);
          toast.error(`Could not roll “${rolling.name}”`);
        },
      },
    );
  };

  const columns: Column<ApiKeyRecord>[] = [
    {
      key: 'name',
      header: 'Name',
      primary: true,
      cell: (k) => (
        <span className="stack" style={{ gap: 2 }}>
          <strong>{k.name}</strong>
          <code className="muted small">{k.prefix}…</code>
        </span>
      ),
    },
    { key: 'role', header: 'Role', cell: (k) => <span style={{ whiteSpace: 'nowrap' }}>{ROLE_LABEL[k.role]}</span> },
    { key: 'sectors', header: 'Sectors', cell: (k) => <TagList items={k.sectors} empty="All" max={3} /> },
    {
      key: 'expires',
      header: 'Expires',
      cell: (k) =>
        isExpired(k, now) ? (
          <Badge tone="danger">
            Expired <DateTime iso={k.expiresAt} />
          </Badge>
        ) : (
          <DateTime iso={k.expiresAt} empty="Never" />
        ),
    },
    {
      key: 'used',
      header: 'Last used',
      cell: (k) => (
        <span className="stack" style={{ gap: 2 }}>
          <DateTime iso={k.lastUsedAt} />
          {k.lastUsedFrom && <span className="muted small">from {k.lastUsedFrom}</span>}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (k) =>
        k.revokedAt ? (
          <Badge tone="danger">
            Revoked <DateTime iso={k.revokedAt} />
          </Badge>
        ) : isExpired(k, now) ? (
          <Badge tone="danger">Expired</Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (k) =>
        k.revokedAt || isExpired(k, now) ? null : (
          <span className="row" style={{ gap: 4, flexWrap: 'nowrap' }}>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Roll key ${k.name}`}
              onClick={() => {
                setError(null);
                setGrace(3600);
                setRolling(k);
              }}
            >
              Roll key
            </Button>
            <Button
              size="sm"
              variant="danger-ghost"
              aria-label={`Revoke API key ${k.name}`}
              onClick={() => {
                setError(null);
                setTarget(k);
              }}
            >
              Revoke
            </Button>
          </span>
        ),
    },
  ];

  const consequence = GRACES.find((g) => g.seconds === grace)?.consequence ?? '';
  return (
    <section className="card card-tight" aria-labelledby="key-list">
      <div style={{ padding: '18px 20px 6px' }}>
        <h2 id="key-list">Your company’s keys</h2>
      </div>
      {keys.isPending ? (
        <LoadingState label="Loading keys…" rows={2} />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => keys.refetch()} title="Could not load the keys" />
      ) : keys.data.items.length === 0 ? (
        <EmptyState
          title="No API keys yet"
          icon={<Icon name="key" />}
          action={
            <Button variant="primary" onClick={() => document.getElementById('key-name')?.focus()}>
              Create your first key
            </Button>
          }
        >
          A program (a CI job, a back-office service) needs a key to call the API. Name it after the program above; its secret is shown once.
        </EmptyState>
      ) : (
        <ResourceTable caption="API keys" rows={keys.data.items} columns={columns} rowKey={(k) => k.id} />
      )}
      <ConfirmDialog
        open={!!target}
        title={`Revoke API key “${target?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        onConfirm={confirmRevoke}
        onCancel={() => setTarget(null)}
        pending={revoke.isPending}
        error={error}
      >
        Programs using this key, and every token issued for it, stop working at once. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={!!rolling}
        title={`Roll API key “${rolling?.name ?? ''}”?`}
        confirmLabel="Roll key"
        onConfirm={confirmRoll}
        onCancel={() => setRolling(null)}
        pending={roll.isPending}
        error={error}
        danger={grace === 0}
        details={
          <fieldset className="stack" style={{ gap: 6, border: 0, padding: 0, margin: 0 }}>
            <legend className="small">Grace period for the old key</legend>
            {GRACES.map((g) => (
              <label key={g.seconds} className="row" style={{ gap: 8 }}>
                <input type="radio" name={graceName} value={g.seconds} checked={grace === g.seconds} onChange={() => setGrace(g.seconds)} />
                {g.label}
              </label>
            ))}
            <p role="status" data-testid="roll-consequence">
              <strong>{consequence}</strong>
            </p>
          </fieldset>
        }
      >
        A new key with the same name, role, sectors and expiry replaces this one; its secret is shown once.
      </ConfirmDialog>
    </section>
  );
}
