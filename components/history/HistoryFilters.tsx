'use client';
// The filters above a timeline: the resource, who made the change, the kind, and a text search
// in the action. Every value lives in the URL.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { SQUAD_HISTORY_TYPES } from '@/lib/schemas/history-values';
import type { TimelineEntry } from './Timeline';
import { LiveFieldset } from '@/components/ui/form/LiveFieldset';

export type FilterValues = { resource: string; responsible: string; kind: string; action: string };

export type Option = { value: string; label: string };

/** Keeps the entries the filters allow. */
export function applyFilters(entries: TimelineEntry[], filters: FilterValues): TimelineEntry[] {
  const text = filters.action.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (!filters.resource || e.resourceId === filters.resource) &&
      (!filters.responsible || e.responsibleId === filters.responsible) &&
      (!filters.kind || e.kind === filters.kind) &&
      (!text || e.action.toLowerCase().includes(text)),
  );
}

/** The people (and API keys) who appear in the entries, by name. */
export function responsibleOptions(entries: TimelineEntry[], selected: string): Option[] {
  const names = new Map<string, string>();
  for (const e of entries) if (!names.has(e.responsibleId)) names.set(e.responsibleId, e.responsible);
  if (selected && !names.has(selected)) names.set(selected, selected);
  return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

type Props = {
  values: FilterValues;
  update: (patch: Partial<FilterValues>) => void;
  resourceLabel: string;
  resources: Option[];
  responsibles: Option[];
  /** Agents' history has no kind: no kind filter there. */
  kinds?: boolean;
  /** More controls (sorting), after the filters. */
  children?: ReactNode;
};

export function HistoryFilters({ values, update, resourceLabel, resources, responsibles, kinds = true, children }: Props) {
  const id = useId();
  // The action search answers as you type, without rewriting the URL on every key.
  const [text, setText] = useState(values.action);
  // When the URL's value changes (back, "Clear filters"), the box follows it.
  const [synced, setSynced] = useState(values.action);
  if (synced !== values.action) {
    setSynced(values.action);
    setText(values.action);
  }
  useEffect(() => {
    if (text === values.action) return;
    const timer = setTimeout(() => update({ action: text }), 200);
    return () => clearTimeout(timer);
  }, [text, values.action, update]);

  const filtered = Boolean(values.resource || values.responsible || values.kind || values.action);
  return (
    <div className="toolbar" role="search" aria-label="Filter the history">
      <LiveFieldset>
        <div className="field toolbar-filter">
          <label className="field-label" htmlFor={`${id}-resource`}>
            {resourceLabel}
          </label>
          <select id={`${id}-resource`} className="select" value={values.resource} onChange={(e) => update({ resource: e.target.value })}>
            <option value="">All</option>
            {resources.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field toolbar-filter">
          <label className="field-label" htmlFor={`${id}-who`}>
            Who
          </label>
          <select id={`${id}-who`} className="select" value={values.responsible} onChange={(e) => update({ responsible: e.target.value })}>
            <option value="">Anyone</option>
            {responsibles.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {kinds && (
          <div className="field toolbar-filter">
            <label className="field-label" htmlFor={`${id}-kind`}>
              Kind
            </label>
            <select id={`${id}-kind`} className="select" value={values.kind} onChange={(e) => update({ kind: e.target.value })}>
              <option value="">Every kind</option>
              {SQUAD_HISTORY_TYPES.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field toolbar-search">
          <label className="field-label" htmlFor={`${id}-action`}>
            Action contains
          </label>
          <input id={`${id}-action`} className="input" type="search" placeholder="e.g. updated" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        {children}
        {filtered && (
          <Button size="sm" variant="ghost" onClick={() => update({ resource: '', responsible: '', kind: '', action: '' })}>
            Clear filters
          </Button>
        )}
      </LiveFieldset>
    </div>
  );
}
