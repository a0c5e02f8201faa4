'use client';
// Settings → API keys: create a key (its secret is shown once, with a copy button and a curl
// example), list the company's keys with their last use, revoke one with confirmation.
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toast } from '@/lib/client/toast';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { CompanyId } from '@/components/console/CompanyId';
import { CopyButton } from '@/components/ui/CopyButton';
import { DateTime } from '@/components/ui/DateTime';
import { PageHeader } from '@/components/ui/PageHeader';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';
import { useApiKeys, useRevokeApiKey } from '@/lib/client/api-keys';
import type { ApiKeyRecord, CreatedApiKeyRecord } from '@/lib/schemas/auth';

// The create form (react-hook-form, ~13 kB gzip) is its own chunk, asked for as the page hydrates:
// the server renders it into the HTML as usual, and its boundary hydrates once the chunk is there
// (decision 028: the list pages' first load, settings/api-keys included, ≤ 150 kB).
const CreateKey = lazy(() => import('./CreateKeyForm'));

export function ApiKeys() {
  const [created, setCreated] = useState<CreatedApiKeyRecord | null>(null);
  return (
    <div className="page page-narrow">
      <PageHeader
        title="API keys"
        description="Programs use an API key to get an access token from GET /api/authentication/generate-access-token. Each key is shown once, when it is created."
      />
      <section className="card" aria-label="Company id">
        <CompanyId />
      </section>
      {created ? (
        <NewKey created={created} onDone={() => setCreated(null)} />
      ) : (
        <Suspense
          fallback={
            <section className="card" aria-labelledby="create-key" aria-busy="true">
              <h2 id="create-key">Create a key</h2>
              <LoadingState label="Loading the form…" rows={1} />
            </section>
          }
        >
          <CreateKey onCreated={setCreated} />
        </Suspense>
      )}
      <KeyList />
    </div>
  );
}

const unchanging = () => () => {};

function NewKey({ created, onDone }: { created: CreatedApiKeyRecord; onDone: () => void }) {
  // The page's origin never changes: read on the client, empty in the server's render.
  const origin = useSyncExternalStore(unchanging, () => window.location.origin, () => '');
  return (
    <section className="card stack" aria-labelledby="new-key">
      <h2 id="new-key">New API key “{created.name}”</h2>
      <p className="callout">Copy this key now and keep it somewhere safe. It will not be shown again; if you lose it, revoke it and create another.</p>
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

/** A key, drawn rather than taken from a font (not every font has a key character). */
function KeyIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="M10.7 12.3 20 3M16 7l3 3M14 9l2 2" />
    </svg>
  );
}

function KeyList() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [target, setTarget] = useState<ApiKeyRecord | null>(null);
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
    { key: 'created', header: 'Created', cell: (k) => <DateTime iso={k.createdAt} /> },
    { key: 'used', header: 'Last used', cell: (k) => <DateTime iso={k.lastUsedAt} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (k) =>
        k.revokedAt ? (
          <Badge tone="danger">
            Revoked <DateTime iso={k.revokedAt} />
          </Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      kind: 'actions',
      cell: (k) =>
        k.revokedAt ? null : (
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
        ),
    },
  ];

  return (
    <section className="card card-tight" aria-labelledby="key-list">
      <div style={{ padding: '18px 20px 6px' }}>
        <h2 id="key-list">Your company’s keys</h2>
      </div>
      {keys.isPending ? (
        <LoadingState label="Loading keys…" rows={2} />
      ) : keys.isError ? (
        <ErrorState error={keys.error} onRetry={() => keys.refetch()} title="Could not load the keys" />
      ) : keys.data.length === 0 ? (
        <EmptyState
          title="No API keys yet"
          icon={<KeyIcon />}
          action={
            <Button variant="primary" onClick={() => document.getElementById('key-name')?.focus()}>
              Create your first key
            </Button>
          }
        >
          A program (a CI job, a back-office service) needs a key to call the API. Name it after the program above; its secret is shown once.
        </EmptyState>
      ) : (
        <ResourceTable caption="API keys" rows={keys.data} columns={columns} rowKey={(k) => k.id} />
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
    </section>
  );
}
