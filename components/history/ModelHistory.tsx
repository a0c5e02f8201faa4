'use client';
// The AI models' history, paged with the API's cursor: the first page, then "Load more" until
// the API says there is no next page. Sorting (field and direction) and the page size are the
// API's own; `?modelId=` reads one model's history (GET /ai-models/{id}/history). The other
// filters apply to the records loaded so far.
import { useId, useMemo } from 'react';
import { MODEL_HISTORY_FIELDS, MODEL_HISTORY_LIMITS, useModelHistory } from '@/lib/client/history';
import { KIND_LISTS } from '@/lib/client/kinds';
import { HISTORY_FIELDS, type HistoryField } from '@/lib/schemas/history-values';
import { HistorySection } from './HistorySection';
import { pagedSection } from './paged-section';
import type { TimelineEntry } from './Timeline';
import { useHistoryFilters } from './use-filters';

const EXTRA = ['field', 'direction', 'limit'] as const;

export function ModelHistory() {
  const id = useId();
  const { filters, setFilters, extra, setExtra } = useHistoryFilters('modelId', EXTRA);
  const field: HistoryField = (HISTORY_FIELDS as readonly string[]).includes(extra.field) ? (extra.field as HistoryField) : 'date';
  const direction = extra.direction === 'asc' ? 'asc' : 'desc';
  const asked = Number(extra.limit);
  const limit = Number.isInteger(asked) && asked >= 1 && asked <= 100 ? asked : 20;

  const history = useModelHistory({ modelId: filters.resource || undefined, field, direction, limit });
  const list = KIND_LISTS['ai-models'].useList();
  const entries = useMemo<TimelineEntry[]>(
    () =>
      (history.data?.pages ?? []).flatMap((page) =>
        page.items.map((r) => ({
          id: r.id,
          resourceId: r.modelId,
          action: r.action,
          responsible: r.responsible,
          responsibleId: r.responsibleId,
          date: r.date,
          kind: r.type,
          version: r.versionControl,
        })),
      ),
    [history.data],
  );

  const sorting = (
    <>
      <div className="field toolbar-filter">
        <label className="field-label" htmlFor={`${id}-field`}>
          Sort by
        </label>
        <select id={`${id}-field`} className="select" value={field} onChange={(e) => setExtra({ field: e.target.value === 'date' ? '' : e.target.value })}>
          {MODEL_HISTORY_FIELDS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field toolbar-filter">
        <label className="field-label" htmlFor={`${id}-direction`}>
          Order
        </label>
        <select id={`${id}-direction`} className="select" value={direction} onChange={(e) => setExtra({ direction: e.target.value === 'desc' ? '' : e.target.value })}>
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </select>
      </div>
      <div className="field toolbar-filter">
        <label className="field-label" htmlFor={`${id}-limit`}>
          Per page
        </label>
        <select id={`${id}-limit`} className="select" value={limit} onChange={(e) => setExtra({ limit: e.target.value === '20' ? '' : e.target.value })}>
          {!(MODEL_HISTORY_LIMITS as readonly number[]).includes(limit) && <option value={limit}>{limit}</option>}
          {MODEL_HISTORY_LIMITS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </>
  );

  return (
    <HistorySection
      {...pagedSection(history, entries.length)}
      entries={entries}
      filters={filters}
      setFilters={setFilters}
      controls={sorting}
      resource={{ noun: 'AI model', plural: 'AI models', records: list, href: (modelId) => `/ai-models/${encodeURIComponent(modelId)}` }}
    />
  );
}
