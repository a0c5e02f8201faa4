'use client';
// Import a squad bundle (decision 014): choose the file (checked here with the API's schema), see
// the preview (each resource created or matched by name, the provider keys needed, the files to
// upload after), give the keys, apply (one transaction on the server), then open the new squad.
import Link from 'next/link';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { PageHeader } from '@/components/ui/PageHeader';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { errorMessage } from '@/components/ui/States';
import { ApiClientError } from '@/lib/client/api';
import { readBundleFile, useImportBundle } from '@/lib/client/bundles';
import { consoleHref, kindOfRef } from '@/lib/kinds';
import type { BundleInput, BundlePlan, BundlePlanItem } from '@/lib/schemas/bundle';
import './squads.css';

const hrefOf = (item: Pick<BundlePlanItem, 'kind' | 'id'>) => (item.id ? consoleHref(kindOfRef(item.kind), item.id) : null);

type Loaded = { fileName: string; bundle: BundleInput };

export function BundleImport() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const importBundle = useImportBundle();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reading, setReading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [preview, setPreview] = useState<BundlePlan | null>(null);
  const [result, setResult] = useState<BundlePlan | null>(null);
  // Keyed by the bundle's refs, which the bundle's author chose: Maps, never plain objects (decision 022).
  const [keys, setKeys] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [keyErrors, setKeyErrors] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [applyError, setApplyError] = useState<string | null>(null);

  const reset = () => {
    setLoaded(null);
    setPreview(null);
    setResult(null);
    setKeys(new Map());
    setKeyErrors(new Map());
    setProblems([]);
    setApplyError(null);
  };

  const choose = async (file: File | null) => {
    reset();
    if (!file) return;
    setReading(true);
    try {
      const parsed = await readBundleFile(file);
      if (!parsed.ok) {
        setProblems(parsed.problems);
        return;
      }
      setLoaded({ fileName: file.name, bundle: parsed.bundle });
      importBundle.mutate(
        { bundle: parsed.bundle, dryRun: true },
        {
          onSuccess: setPreview,
          onError: (e) => setProblems(e instanceof ApiClientError && e.errors.length ? e.errors.map((f) => `${f.path}: ${f.message}`) : [errorMessage(e)]),
        },
      );
    } finally {
      setReading(false);
    }
  };

  const missingKeys = preview?.keysNeeded.filter((k) => !keys.get(k.ref)?.trim()) ?? [];

  const apply = () => {
    if (!loaded || !preview) return;
    if (missingKeys.length) {
      setKeyErrors(new Map(missingKeys.map((k) => [k.ref, `A provider key is required for ${k.provider}`])));
      document.getElementById(`${id}-key-${missingKeys[0].ref}`)?.focus();
      return;
    }
    setKeyErrors(new Map());
    setApplyError(null);
    const apikeys = Object.fromEntries(preview.keysNeeded.map((k) => [k.ref, keys.get(k.ref)!.trim()]));
    importBundle.mutate(
      { bundle: loaded.bundle, dryRun: false, apikeys },
      {
        onSuccess: (plan) => {
          setResult(plan);
          setKeys(new Map());
          toast.success(`Imported squad “${plan.squad?.name}”`, {
            description: `${plan.items.filter((i) => i.action === 'create').length} created, ${plan.items.filter((i) => i.action === 'match').length} reused`,
          });
        },
        onError: (e) => {
          if (e instanceof ApiClientError && e.errors.length) {
            const byKey = e.errors.filter((f) => f.path.startsWith('apikeys.'));
            setKeyErrors(new Map(byKey.map((f) => [f.path.slice('apikeys.'.length), f.message])));
            const others = e.errors.filter((f) => !f.path.startsWith('apikeys.'));
            setApplyError(others.length ? others.map((f) => `${f.path}: ${f.message}`).join('; ') : 'Check the provider keys.');
          } else {
            setApplyError(errorMessage(e));
          }
          toast.error('The import was refused; nothing was created');
        },
      },
    );
  };

  const previewing = importBundle.isPending && !preview;
  const applying = importBundle.isPending && Boolean(preview);

  return (
    <div className="page">
      <PageHeader
        back={{ href: '/squads', label: 'Squads' }}
        title="Import a squad bundle"
        description="A bundle holds a squad with its agents, their tools, knowledge bases and AI models. Provider keys and knowledge-base files do not travel in it."
      />

      <section className="card stack" aria-labelledby={`${id}-file-title`}>
        <h2 id={`${id}-file-title`}>1. Choose the bundle</h2>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-file`}>
            Bundle file (JSON, exported from a squad)
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="input"
            type="file"
            accept=".json,application/json"
            disabled={importBundle.isPending}
            aria-invalid={problems.length ? true : undefined}
            aria-describedby={problems.length ? `${id}-problems` : undefined}
            onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          />
        </div>
        {(reading || previewing) && (
          <p className="row small" role="status" style={{ gap: 8 }}>
            <span className="spinner" aria-hidden="true" /> Reading the bundle and comparing it with your resources…
          </p>
        )}
        {problems.length > 0 && (
          <div className="form-alert" role="alert" id={`${id}-problems`}>
            <p style={{ margin: 0 }}>This file cannot be imported:</p>
            <ul className="bundle-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {preview && loaded && !result && (
        <Preview
          id={id}
          fileName={loaded.fileName}
          plan={preview}
          keys={keys}
          keyErrors={keyErrors}
          onKey={(ref, value) => {
            setKeys((k) => new Map(k).set(ref, value));
            setKeyErrors((errors) => {
              const rest = new Map(errors);
              rest.delete(ref);
              return rest;
            });
          }}
          applying={applying}
          applyError={applyError}
          onApply={apply}
          onCancel={() => {
            reset();
            if (input.current) input.current.value = '';
          }}
        />
      )}

      {result && <Done plan={result} />}
    </div>
  );
}

type PreviewProps = {
  id: string;
  fileName: string;
  plan: BundlePlan;
  keys: ReadonlyMap<string, string>;
  keyErrors: ReadonlyMap<string, string>;
  onKey: (ref: string, value: string) => void;
  applying: boolean;
  applyError: string | null;
  onApply: () => void;
  onCancel: () => void;
};

function Preview({ id, fileName, plan, keys, keyErrors, onKey, applying, applyError, onApply, onCancel }: PreviewProps) {
  const creates = plan.items.filter((i) => i.action === 'create').length;
  const matches = plan.items.length - creates;
  const columns: Column<BundlePlanItem>[] = [
    { key: 'kind', header: 'Kind', cell: (i) => kindOfRef(i.kind).title },
    { key: 'name', header: 'Name', primary: true, cell: (i) => <strong>{i.name}</strong> },
    {
      key: 'action',
      header: 'Import',
      cell: (i) =>
        i.action === 'create' ? (
          <Badge tone="success">Create</Badge>
        ) : (
          <span className="row" style={{ gap: 6 }}>
            <Badge tone="accent">Reuse existing</Badge>
            <Link href={hrefOf(i)!} aria-label={`Existing ${kindOfRef(i.kind).title.toLowerCase()} ${i.name}`}>
              open
            </Link>
          </span>
        ),
    },
  ];
  return (
    <>
      <section className="card card-tight" aria-labelledby={`${id}-preview-title`} data-testid="bundle-preview">
        <div style={{ padding: '18px 20px 6px' }}>
          <h2 id={`${id}-preview-title`}>2. Preview</h2>
          <p className="muted small" style={{ margin: '6px 0 0' }}>
            {fileName}: {creates} to create, {matches} already in your company (same kind and name: reused as they are, not changed).
          </p>
        </div>
        {plan.warnings.length > 0 && (
          <ul className="callout bundle-notes" aria-label="Warnings">
            {plan.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
        <ResourceTable caption="What the import creates and reuses" rows={plan.items} columns={columns} rowKey={(i) => `${i.kind}:${i.ref ?? 'squad'}`} />
      </section>

      {plan.filesMissing.length > 0 && (
        <section className="card" aria-labelledby={`${id}-files-title`}>
          <h2 id={`${id}-files-title`}>Files to upload after the import</h2>
          <p className="muted small">Knowledge-base files do not travel in bundles. These knowledge bases are created without their file; upload each on its page afterwards.</p>
          <ul className="plain-list small">
            {plan.filesMissing.map((f) => (
              <li key={f.ref}>
                <strong>{f.name}</strong> — {f.filename ?? 'file'}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="card stack" aria-labelledby={`${id}-apply-title`}>
        <h2 id={`${id}-apply-title`}>3. Provider keys and apply</h2>
        {plan.keysNeeded.length === 0 ? (
          <p className="muted small" style={{ margin: 0 }}>
            No provider key is needed.
          </p>
        ) : (
          <>
            <p className="muted small" style={{ margin: 0 }}>
              These AI models are created by the import and their provider requires a key. Keys are stored encrypted and never shown again.
            </p>
            {plan.keysNeeded.map((k) => {
              const field = `${id}-key-${k.ref}`;
              const error = keyErrors.get(k.ref);
              return (
                <div className="field" key={k.ref}>
                  <label className="field-label" htmlFor={field}>
                    Provider key for “{k.name}” ({k.provider})<span className="required" aria-hidden="true"> *</span>
                  </label>
                  <input
                    id={field}
                    className="input"
                    type="password"
                    autoComplete="new-password"
                    spellCheck={false}
                    required
                    value={keys.get(k.ref) ?? ''}
                    disabled={applying}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${field}-error` : undefined}
                    onChange={(e) => onKey(k.ref, e.target.value)}
                  />
                  {error && (
                    <p className="field-error" id={`${field}-error`}>
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </>
        )}
        {applyError && (
          <p className="form-alert" role="alert">
            {applyError}
          </p>
        )}
        {applying && (
          <p className="row small" role="status" style={{ gap: 8 }}>
            <span className="spinner" aria-hidden="true" /> Importing {plan.items.length} resources in one transaction: all of them or none…
          </p>
        )}
        <div className="form-actions">
          <Button onClick={onCancel} disabled={applying}>
            Choose another file
          </Button>
          <Button variant="primary" onClick={onApply} pending={applying}>
            Apply import
          </Button>
        </div>
      </section>
    </>
  );
}

function Done({ plan }: { plan: BundlePlan }) {
  const squadHref = plan.squad ? `/squads/${encodeURIComponent(plan.squad.id)}` : '/squads';
  const created = plan.items.filter((i) => i.action === 'create');
  return (
    <section className="card stack" aria-labelledby="bundle-done" data-testid="bundle-done">
      <h2 id="bundle-done">Imported</h2>
      <p role="status" style={{ margin: 0 }}>
        Squad “{plan.squad?.name}” was created with {created.length - 1} other new {created.length - 1 === 1 ? 'resource' : 'resources'} and{' '}
        {plan.items.length - created.length} reused.
      </p>
      {plan.filesMissing.length > 0 && (
        <div className="callout">
          <p style={{ margin: 0 }}>Upload the files of these knowledge bases:</p>
          <ul className="bundle-notes-inline">
            {plan.filesMissing.map((f) => (
              <li key={f.ref}>{f.id ? <Link href={`/knowledge-bases/${encodeURIComponent(f.id)}`}>{f.name}</Link> : f.name}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="row">
        <ButtonLink variant="primary" href={squadHref}>
          Open squad “{plan.squad?.name}”
        </ButtonLink>
        <ButtonLink href="/squads">All squads</ButtonLink>
      </div>
    </section>
  );
}
