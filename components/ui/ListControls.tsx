'use client';
// The toolbar above a list (search by name, sector and enabled filters) and the pager below it.
import { useEffect, useId, useState } from 'react';
import { PAGE_SIZES, type EnabledFilter, type ListState } from '@/lib/client/list';
import { Button, useLiveDisabled } from './Button';
import { LiveFieldset } from '@/components/ui/form/LiveFieldset';

type ToolbarProps = {
  state: ListState;
  update: (patch: Partial<ListState>) => void;
  sectors: string[];
  searchLabel: string;
};

export function ListToolbar({ state, update, sectors, searchLabel }: ToolbarProps) {
  const id = useId();
  // The search box answers as you type, without rewriting the URL on every key.
  const [q, setQ] = useState(state.q);
  // When the URL's value changes (back, a link), the box follows it.
  const [synced, setSynced] = useState(state.q);
  if (synced !== state.q) {
    setSynced(state.q);
    setQ(state.q);
  }
  useEffect(() => {
    if (q === state.q) return;
    const timer = setTimeout(() => update({ q }), 200);
    return () => clearTimeout(timer);
  }, [q, state.q, update]);

  return (
    <div className="toolbar" role="search">
      <LiveFieldset>
        <div className="field toolbar-search">
          <label className="field-label" htmlFor={`${id}-q`}>
            {searchLabel}
          </label>
          <input id={`${id}-q`} className="input" type="search" placeholder="Search by name…" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className="field toolbar-filter">
          <label className="field-label" htmlFor={`${id}-sector`}>
            Sector
          </label>
          <select id={`${id}-sector`} className="select" value={state.sector} onChange={(e) => update({ sector: e.target.value })}>
            <option value="">All sectors</option>
            {state.sector && !sectors.includes(state.sector) && <option value={state.sector}>{state.sector}</option>}
            {sectors.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field toolbar-filter">
          <label className="field-label" htmlFor={`${id}-enabled`}>
            Status
          </label>
          <select id={`${id}-enabled`} className="select" value={state.enabled} onChange={(e) => update({ enabled: e.target.value as EnabledFilter })}>
            <option value="all">Enabled and disabled</option>
            <option value="enabled">Enabled only</option>
            <option value="disabled">Disabled only</option>
          </select>
        </div>
      </LiveFieldset>
    </div>
  );
}

type PagerProps = {
  page: number;
  pageCount: number;
  first: number;
  last: number;
  total: number;
  size: number;
  update: (patch: Partial<ListState>) => void;
  noun: string;
};

export function Pagination({ page, pageCount, first, last, total, size, update, noun }: PagerProps) {
  const id = useId();
  const live = useLiveDisabled(false);
  return (
    <nav className="pagination" aria-label="Pages">
      <span aria-live="polite">
        {total ? `${first}–${last} of ${total} ${noun}` : `0 ${noun}`}
      </span>
      <span className="spacer" />
      <label htmlFor={id} className="small">
        Per page
      </label>
      <select id={id} className="select" style={{ width: 'auto', minHeight: 32 }} value={size} {...live} onChange={(e) => update({ size: Number(e.target.value) })}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <Button size="sm" onClick={() => update({ page: page - 1 })} disabled={page <= 1}>
        <span aria-hidden="true">‹</span> Previous
      </Button>
      <span>
        Page {page} of {pageCount}
      </span>
      <Button size="sm" onClick={() => update({ page: page + 1 })} disabled={page >= pageCount}>
        Next <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
