// List pages: search, sector and enabled filters, sorting and paging, kept in the URL so that a
// list comes back as it was (back button, reload, shared link). Filtering happens in the browser
// over the rows loaded: a company's first 1,000 of a kind, then 1,000 more at each "Load more"
// (D13's pages, decision 040).
import { useAddressState } from './address-state';
import { useCallback, useMemo } from 'react';
import type { InfiniteQueryView, QueryView } from './query-hub';
import type { ListPage } from './query-keys';
import { own } from '../dict';

export type SortDirection = 'asc' | 'desc';
export type EnabledFilter = 'all' | 'enabled' | 'disabled';

export type ListState = {
  q: string;
  sector: string;
  enabled: EnabledFilter;
  sort: string;
  dir: SortDirection;
  page: number;
  size: number;
};

export const PAGE_SIZES = [10, 20, 50, 100] as const;

type Defaults = { sort: string; dir?: SortDirection; size?: number };

function parseState(params: URLSearchParams, defaults: Defaults): ListState {
  const enabled = params.get('enabled');
  const size = Number(params.get('size'));
  const dir = params.get('dir');
  return {
    q: params.get('q') ?? '',
    sector: params.get('sector') ?? '',
    enabled: enabled === 'enabled' || enabled === 'disabled' ? enabled : 'all',
    sort: params.get('sort') || defaults.sort,
    dir: dir === 'asc' || dir === 'desc' ? dir : (defaults.dir ?? 'asc'),
    page: Math.max(1, Number(params.get('page')) || 1),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : (defaults.size ?? 20),
  };
}

function toQuery(state: ListState, defaults: Defaults): string {
  const search = new URLSearchParams();
  if (state.q) search.set('q', state.q);
  if (state.sector) search.set('sector', state.sector);
  if (state.enabled !== 'all') search.set('enabled', state.enabled);
  if (state.sort !== defaults.sort || state.dir !== (defaults.dir ?? 'asc')) {
    search.set('sort', state.sort);
    search.set('dir', state.dir);
  }
  if (state.page > 1) search.set('page', String(state.page));
  if (state.size !== (defaults.size ?? 20)) search.set('size', String(state.size));
  return search.toString();
}

/**
 * The list's state, read from the URL. Changes show at once and are written to the URL; the URL
 * wins again when it changes by other means (back button, a link).
 */
export function useListState(defaults: Defaults) {
  const { state, latest, write } = useAddressState(
    (search) => parseState(search, defaults),
    (next) => toQuery(next, defaults),
  );

  /** Changes some of the state; any change other than the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<ListState>) => {
      const next = { ...latest.current, ...patch };
      if (!('page' in patch)) next.page = 1;
      write(next);
    },
    [latest, write],
  );

  /** A click on a column header: sort by it, or flip the direction when it already sorts. */
  const toggleSort = useCallback(
    (key: string) => update({ sort: key, dir: latest.current.sort === key && latest.current.dir === 'asc' ? 'desc' : 'asc' }),
    [latest, update],
  );

  return { state, update, toggleSort };
}

export type ListAccessors<T> = {
  name: (row: T) => string;
  sectors?: (row: T) => string[];
  enabled?: (row: T) => boolean;
  /** Sortable columns: key → value to compare. */
  sort: Record<string, (row: T) => string | number | boolean>;
};

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Filters, sorts and pages `rows` as the state says. */
export function applyListState<T>(rows: T[], state: ListState, accessors: ListAccessors<T>) {
  const q = state.q.trim().toLowerCase();
  const filtered = rows.filter(
    (row) =>
      (!q || accessors.name(row).toLowerCase().includes(q)) &&
      (!state.sector || !accessors.sectors || accessors.sectors(row).includes(state.sector)) &&
      (state.enabled === 'all' || !accessors.enabled || accessors.enabled(row) === (state.enabled === 'enabled')),
  );
  const by = own(accessors.sort, state.sort); // `?sort=` is the URL's: `constructor` sorts by nothing
  const sorted = by
    ? [...filtered].sort((a, b) => {
        const order = compare(by(a), by(b)) || collator.compare(accessors.name(a), accessors.name(b));
        return state.dir === 'asc' ? order : -order;
      })
    : filtered;
  const pageCount = Math.max(1, Math.ceil(sorted.length / state.size));
  const page = Math.min(state.page, pageCount);
  return {
    rows: sorted.slice((page - 1) * state.size, page * state.size),
    total: sorted.length,
    page,
    pageCount,
    first: sorted.length ? (page - 1) * state.size + 1 : 0,
    last: Math.min(page * state.size, sorted.length),
  };
}

/** Every sector used by the rows, sorted, for the sector filter. */
export function sectorsOf<T>(rows: T[], sectors: (row: T) => string[]): string[] {
  return [...new Set(rows.flatMap(sectors))].sort(collator.compare);
}

/** The "Load more" of a list read in pages: what ListBody needs to offer the next page. */
export type MoreRows = {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => void;
};

/** A list read in pages (`usePagedList`) as the rows loaded so far, and its "Load more". */
export function usePagedRows<T>(paged: InfiniteQueryView<ListPage<T>>): { list: QueryView<T[]>; more: MoreRows } {
  const pages = paged.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.items), [pages]);
  const list = { ...paged, data: rows } as QueryView<T[]>;
  const more: MoreRows = {
    hasMore: paged.hasNextPage,
    loading: paged.isFetchingNextPage,
    failed: paged.isFetchNextPageError,
    loadMore: () => void paged.fetchNextPage(),
  };
  return { list, more };
}
