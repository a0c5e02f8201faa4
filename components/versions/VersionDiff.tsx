'use client';
// The changes between two versions of a resource, for people (decision 055): each field under
// its form's label (the API name beside it as a hint), references by name with a link to the
// resource (or marked deleted), lists with the items added and removed marked, long text as an
// inline word diff (<del>/<ins>, struck through / underlined, and announced). Reused by the
// History tab, the restore confirmation and the edit forms' conflict dialog:
//   <VersionDiffView kind id from to />          fetches GET …/versions/diff (one request, names included)
//   <DiffChanges kind diff fromLabel toLabel />  shows an answer already in hand
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/States';
import { fieldLabel } from '@/lib/field-labels';
import { useVersionDiff, type VersionDiffAnswer } from '@/lib/client/versions';
import { consoleHref, kind as registryKind } from '@/lib/kinds';
import type { FieldChange, VersionKind } from '@/lib/versions/diff';
import { refIds, refKindOf, type RefInfo } from '@/lib/versions/refs';
import { wordDiff } from '@/lib/versions/word-diff';
import './versions.css';

/** Strings longer than this, or with a line break, are compared word by word. */
const LONG_TEXT = 60;

export type ViewProps = {
  kind: VersionKind;
  id: string;
  from: number;
  to: number;
  /** Column headings; default "v<from>" / "v<to>". */
  fromLabel?: string;
  toLabel?: string;
};

/** Fetches and shows the diff from version `from` to version `to`. */
export function VersionDiffView({ kind, id, from, to, fromLabel, toLabel }: ViewProps) {
  const diff = useVersionDiff(kind, id, from, to);
  if (from === to) return <p className="muted">Pick two different versions to compare them.</p>;
  if (diff.isPending) return <LoadingState rows={2} label="Comparing…" />;
  if (diff.isError) return <ErrorState error={diff.error} onRetry={() => void diff.refetch()} title="Could not compare" />;
  return <DiffChanges kind={kind} diff={diff.data} fromLabel={fromLabel} toLabel={toLabel} />;
}

type ChangesProps = { kind: VersionKind; diff: VersionDiffAnswer; fromLabel?: string; toLabel?: string };

/** Shows a diff answer: the squad's task changes as sentences, then a table of the changed fields. */
export function DiffChanges({ kind, diff, fromLabel = `v${diff.from}`, toLabel = `v${diff.to}` }: ChangesProps) {
  const refs = new Map(Object.entries(diff.refs ?? {}));
  const taskNames = new Map(Object.entries(diff.taskNames ?? {}));
  const taskName = (taskId: string) => taskNames.get(taskId) ?? taskId;
  // Sentences no field row says: a squad's task changes, an AI model's "Provider key replaced".
  const lines = kind === 'squads' ? (diff.taskSummary ?? []) : diff.summary.slice(diff.changes.length);
  if (!lines.length && !diff.changes.length) {
    return (
      <p className="muted" data-testid="versions-diff">
        No differences between {fromLabel} and {toLabel}.
      </p>
    );
  }
  return (
    <div className="versions-diff" data-testid="versions-diff">
      {lines.length > 0 && (
        <ul className="versions-summary">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {diff.changes.length > 0 && (
        <table className="versions-table">
          <caption className="visually-hidden">
            Changed fields, {fromLabel} beside {toLabel}
          </caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">{fromLabel}</th>
              <th scope="col">{toLabel}</th>
            </tr>
          </thead>
          <tbody>
            {diff.changes.map((change) => (
              <ChangeRow key={change.path} kind={kind} change={change} refs={refs} taskName={taskName} fromLabel={fromLabel} toLabel={toLabel} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

type RowProps = {
  kind: VersionKind;
  change: FieldChange;
  refs: Map<string, RefInfo>;
  taskName: (id: string) => string;
  fromLabel: string;
  toLabel: string;
};

function ChangeRow({ kind, change, refs, taskName, fromLabel, toLabel }: RowProps) {
  const label = fieldLabel(kind, change.path, taskName);
  const head = (
    <th scope="row">
      <span className="versions-field">{label}</span>
      {label !== change.path && (
        <code className="versions-api" title="The field's name in the API">
          {change.path}
        </code>
      )}
    </th>
  );
  const { before, after } = change;
  if (isLongText(before) || isLongText(after)) {
    return (
      <tr data-field={change.path}>
        {head}
        <td colSpan={2} className="versions-text">
          <span className="visually-hidden">
            From {fromLabel} to {toLabel}:{' '}
          </span>
          <WordDiffText before={typeof before === 'string' ? before : ''} after={typeof after === 'string' ? after : ''} />
        </td>
      </tr>
    );
  }
  const target = refKindOf(kind, change.path);
  const cell = (side: 'before' | 'after'): ReactNode => {
    const value = side === 'before' ? before : after;
    const other = side === 'before' ? after : before;
    const mark = side === 'before' ? 'del' : 'ins';
    if (target) {
      const ids = refIds(value);
      if (!ids.length) return <span className="muted">None</span>;
      const others = new Set(refIds(other));
      return (
        <ul className="versions-items">
          {ids.map((refId) => (
            <li key={refId}>
              <Marked mark={Array.isArray(value) && !others.has(refId) ? mark : null}>
                <RefName kind={target} id={refId} info={refs.get(refId)} />
              </Marked>
            </li>
          ))}
        </ul>
      );
    }
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      if (!value.length) return <span className="muted">None</span>;
      const others = new Set(Array.isArray(other) ? other : []);
      return (
        <ul className="versions-items">
          {value.map((item, i) => (
            <li key={i}>
              <Marked mark={others.has(item) ? null : mark}>{item}</Marked>
            </li>
          ))}
        </ul>
      );
    }
    return <pre>{show(kind, change.path, value)}</pre>;
  };
  return (
    <tr data-field={change.path}>
      {head}
      <td className="versions-before">
        <span className="visually-hidden">{fromLabel}: </span>
        {cell('before')}
      </td>
      <td className="versions-after">
        <span className="visually-hidden">{toLabel}: </span>
        {cell('after')}
      </td>
    </tr>
  );
}

const isLongText = (value: unknown): boolean => typeof value === 'string' && (value.length > LONG_TEXT || value.includes('\n'));

function show(kind: VersionKind, path: string, value: unknown): string {
  if (kind === 'ai-models' && path === 'apikeySet') return value ? 'Set' : 'Not set';
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value, null, 1);
}

/** An item only one side has: struck through (removed) or underlined (added), and said so. */
function Marked({ mark, children }: { mark: 'del' | 'ins' | null; children: ReactNode }) {
  if (mark === 'del')
    return (
      <del className="versions-del">
        <span className="visually-hidden">removed: </span>
        {children}
      </del>
    );
  if (mark === 'ins')
    return (
      <ins className="versions-ins">
        <span className="visually-hidden">added: </span>
        {children}
      </ins>
    );
  return <>{children}</>;
}

/** A referenced resource: its name as a link, or its last name marked deleted (no link). */
export function RefName({ kind, id, info }: { kind: VersionKind; id: string; info: RefInfo | undefined }) {
  if (info && !info.deleted && info.name !== null) {
    return (
      <Link prefetch={false} className="versions-ref" href={consoleHref(registryKind(kind), id)} title={info.name}>
        {info.name}
      </Link>
    );
  }
  return (
    <span className="versions-ref versions-ref-deleted" title={`${info?.name ?? id} (deleted)`}>
      {info?.name ?? <code>{id}</code>} <span className="muted">(deleted)</span>
    </span>
  );
}

/** Long text with the words removed struck through and those added underlined, in reading order. */
export function WordDiffText({ before, after }: { before: string; after: string }) {
  return (
    <p className="versions-words">
      {wordDiff(before, after).map((part, i) =>
        part.op === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <Marked key={i} mark={part.op}>
            {part.text}
          </Marked>
        ),
      )}
    </p>
  );
}
