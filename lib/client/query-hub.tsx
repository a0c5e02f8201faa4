'use client';
// The console's react-query cache, without react-query on any page's way to usable (decisions 028,
// 099). The console layout mounts one `QueryHub` per visit (a fresh cache, as the
// QueryClientProvider it replaces); the QueryClient in it is created when react-query is first
// needed. Every query and mutation of the console goes through the hooks below:
// - `useSeededQuery` / `useSeededInfiniteQuery` draw their first render from the answer the server
//   prefetched (./seed.tsx) or as loading. A query with no answer, or one already stale, loads
//   ./query-live.ts (react-query) at once and follows a react-query QueryObserver on the hub's
//   client; one whose prefetched answer is fresh waits, without react-query, until the person's
//   first key, press or focus, the page shown again, the connection coming back, or anything else
//   loading react-query (react-query itself would not refetch it before such a moment).
// - `useLiveMutation` loads react-query at the first mutation (a MutationObserver);
//   `useWithClient` hands the client to code that reads or changes the cache (loading it first).
// Fetching, caching, staleness, retries and invalidation stay react-query's; only what a render
// shows before it is loaded comes from here.
// Nothing in this module may value-import '@tanstack/react-query'.
import type { InfiniteData, InfiniteQueryObserver, MutationObserver, MutationOptions, QueryClient, QueryFunction, QueryKey, QueryObserver, QueryObserverResult } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { onFirstUse } from './first-use';
import { signedInHandedOff } from './session-handoff';
import { sessionKeys } from './query-keys';
import { DEFAULT_STALE_MS, registeredLive, type Hub, type Live, type Seed } from './query-slot';

const HubContext = createContext<Hub | null>(null);

export const seedId = (key: QueryKey) => JSON.stringify(key);

export function addSeed(hub: Hub, seed: Seed): void {
  const id = seedId(seed.key);
  if ((hub.seeds.get(id)?.at ?? -1) < seed.at) hub.seeds.set(id, seed);
}

function newHub(): Hub {
  const hub: Hub = { client: null, seeds: new Map(), active: false };
  // Just signed in or set up in this tab: the console starts with the person already known.
  const handedOff = signedInHandedOff();
  if (handedOff) addSeed(hub, { key: sessionKeys.me(), data: handedOff.me, at: handedOff.at });
  return hub;
}

/** While the layout is mounted, so is its client (as QueryClientProvider did): focus and online refetches. */
function activate(hub: Hub): () => void {
  hub.active = true;
  hub.client?.mount();
  return () => {
    hub.active = false;
    hub.client?.unmount();
  };
}

/** One per console visit (app/(console)/layout.tsx): signing in again starts a fresh cache. */
export function QueryHub({ children }: { children: ReactNode }) {
  const [hub] = useState(newHub);
  useEffect(() => activate(hub), [hub]);
  return <HubContext.Provider value={hub}>{children}</HubContext.Provider>;
}

export function useHub(): Hub {
  const hub = useContext(HubContext);
  if (!hub) throw new Error('No QueryHub: console pages render inside app/(console)/layout.tsx');
  return hub;
}

let loading: Promise<Live> | null = null;

/** react-query, loaded (in the browser only: a server render never depends on what the process loaded before). */
function liveNow(): Live | null {
  return typeof window === 'undefined' ? null : registeredLive();
}

/** Queries with a fresh prefetched answer, waiting for react-query to be loaded by something else. */
const sleepers = new Set<() => void>();

export function loadLive(): Promise<Live> {
  const live = registeredLive();
  if (live) return Promise.resolve(live);
  loading ??= import('./query-live').then(
    () => {
      const loaded = registeredLive()!;
      for (const wake of [...sleepers]) wake();
      sleepers.clear();
      return loaded;
    },
    (error: unknown) => {
      loading = null; // a later call tries again
      throw error;
    },
  );
  return loading;
}

let armed = false;

/** The moments react-query could refetch a fresh answer, or the person may act: react-query is loaded then. */
function armWake(): void {
  if (armed || typeof window === 'undefined') return;
  armed = true;
  const wake = () => void loadLive().catch(() => {});
  onFirstUse(wake);
  // react-query's own refetch moments: the page shown again, the connection back.
  window.addEventListener('online', wake, { once: true });
  document.addEventListener('visibilitychange', wake, { once: true });
}

/** Runs `run` once react-query is loaded (by whatever loads it); the returned function cancels it. */
function whenLoaded(run: () => void): () => void {
  sleepers.add(run);
  armWake();
  return () => sleepers.delete(run);
}

/** The fields of a query's state the console reads; react-query's results have them all. */
export type QueryView<T> = { isFetching: boolean; refetch: () => Promise<{ data?: T | undefined }> } & (
  | { status: 'pending'; data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
  | { status: 'error'; data: T | undefined; error: Error; isPending: false; isError: true; isSuccess: false }
  | { status: 'success'; data: T; error: null; isPending: false; isError: false; isSuccess: true }
);

/** An infinite query's (pages of a cursor) view: react-query's InfiniteQueryObserver results have these too. */
export type InfiniteQueryView<TPage> = QueryView<InfiniteData<TPage>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

export type SeededQueryOptions<T> = {
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  staleTime?: number;
  enabled?: boolean;
  gcTime?: number;
  refetchOnMount?: boolean | 'always';
  refetchOnWindowFocus?: boolean;
};

export type SeededInfiniteQueryOptions<TPage, TParam> = {
  queryKey: QueryKey;
  queryFn: QueryFunction<TPage, QueryKey, TParam>;
  initialPageParam: TParam;
  getNextPageParam: (last: TPage) => TParam | undefined;
};

// The slot handles both kinds through react-query's observers; their own types are checked at the hooks below.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyObserver = QueryObserver<any, Error, any, any, any>;
type AnyResult = QueryObserverResult<any, Error>;
type Options = Record<string, unknown> & { queryKey: QueryKey };
/* eslint-enable @typescript-eslint/no-explicit-any */

class QuerySlot {
  private observer: AnyObserver | null = null;
  private result: AnyResult | QueryView<unknown>;
  private notify: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopWaiting: (() => void) | null = null;

  constructor(
    private readonly hub: Hub,
    private options: Options,
    private readonly infinite: boolean,
  ) {
    const now = liveNow();
    if (now) this.result = this.observe(now);
    else {
      const seed = hub.seeds.get(seedId(options.queryKey));
      this.result = seed ? this.view('success', seed.data, null) : this.view('pending', undefined, null);
    }
  }

  /** Before react-query is loaded: the seed, loading, or the chunk's failure. */
  private view(status: QueryView<unknown>['status'], data: unknown, error: Error | null): QueryView<unknown> {
    const base = { data, error, status, isPending: status === 'pending', isError: status === 'error', isSuccess: status === 'success', isFetching: false, refetch: this.retry };
    if (!this.infinite) return base as QueryView<unknown>;
    // A list read in pages says whether it has more from its last page, as react-query would ("Load more" shows at once).
    const pages = (data as InfiniteData<unknown> | undefined)?.pages;
    const next = pages?.length ? (this.options.getNextPageParam as (last: unknown) => unknown)(pages[pages.length - 1]) : undefined;
    return { ...base, hasNextPage: next != null, isFetchingNextPage: false, isFetchNextPageError: false, fetchNextPage: this.nextPage } as unknown as QueryView<unknown>;
  }

  private defaulted(client: QueryClient, options: Options) {
    const defaulted = client.defaultQueryOptions(options as never);
    defaulted._optimisticResults = 'optimistic'; // as react-query's hooks: a query about to fetch shows as fetching
    return defaulted;
  }

  private observe(now: Live): AnyResult {
    const client = now.clientOf(this.hub);
    const options = this.defaulted(client, this.options);
    this.observer = this.infinite ? (new now.InfiniteQueryObserver(client, options as never) as unknown as AnyObserver) : new now.QueryObserver(client, options);
    return this.observer.getOptimisticResult(options);
  }

  private attach(now: Live): void {
    const observer = this.observer!;
    this.unsubscribe = observer.subscribe(
      now.batchCalls((result: AnyResult) => {
        this.result = result;
        this.notify?.();
      }),
    );
    observer.updateResult();
    if (this.result !== observer.getCurrentResult()) {
      this.result = observer.getCurrentResult();
      this.notify?.();
    }
  }

  /**
   * Whether react-query must be loaded now: the query is enabled and has no prefetched answer, or
   * one react-query would refetch on mount (stale, or `refetchOnMount: 'always'`).
   */
  private needsRequest(options = this.options): boolean {
    const { enabled, staleTime, refetchOnMount, queryKey } = options;
    if (enabled === false) return false;
    const seed = this.hub.seeds.get(seedId(queryKey));
    if (!seed || refetchOnMount === 'always') return true;
    const fresh = typeof staleTime === 'number' ? staleTime : DEFAULT_STALE_MS;
    return refetchOnMount !== false && Date.now() - seed.at >= fresh;
  }

  /** Follows the query now if it needs a request, else once react-query is loaded (./query-live.ts). */
  private start(): void {
    // A query rendered before the page's prefetched answers were handed over (the console's shell
    // asking for the session) shows them now.
    const seed = this.result.isPending ? this.hub.seeds.get(seedId(this.options.queryKey)) : undefined;
    if (seed) {
      this.result = this.view('success', seed.data, null);
      this.notify?.();
    }
    if (this.needsRequest()) void this.connect();
    else if (!this.stopWaiting) this.stopWaiting = whenLoaded(() => void this.connect());
  }

  /** Loads react-query (if need be) and follows the query from then on. */
  private connect = (): Promise<unknown> =>
    loadLive().then(
      (now) => {
        if (!this.notify || this.unsubscribe) return;
        if (!this.observer) this.observe(now);
        this.attach(now);
      },
      (error: unknown) => {
        // The chunk could not be loaded (offline, a new release): shown as the query's error, with a retry.
        if (!this.notify || this.result.data !== undefined) return;
        this.result = this.view('error', undefined, error instanceof Error ? error : new Error('Could not load the page’s code'));
        this.notify();
      },
    );

  /** Refetch (react-query's), or before react-query is loaded: load it, then refetch unless attaching requests it anyway. */
  private retry = async (): Promise<unknown> => {
    if (!this.observer) {
      const requests = this.needsRequest();
      await this.connect();
      if (requests || !this.observer) return this.result;
    }
    return this.observer.refetch();
  };

  /** The next page (an infinite query's "Load more"), loading react-query first if need be. */
  private nextPage = async (): Promise<unknown> => {
    if (!this.observer) await this.connect();
    return (this.observer as unknown as InfiniteQueryObserver<unknown> | null)?.fetchNextPage();
  };

  subscribe = (notify: () => void) => {
    this.notify = notify;
    const now = liveNow();
    if (this.observer && now) this.attach(now);
    else if (now) void this.connect();
    else this.start();
    return () => {
      this.notify = null;
      this.unsubscribe?.();
      this.unsubscribe = null;
      this.stopWaiting?.();
      this.stopWaiting = null;
    };
  };

  get = () => this.result;

  /**
   * What a render shows: once react-query is loaded, its optimistic result for these options (as
   * its own hooks do, so a changed key shows its own state at once); before, the seed view.
   */
  current(options: Options): AnyResult | QueryView<unknown> {
    const client = this.hub.client;
    if (this.observer && client) return this.observer.getOptimisticResult(this.defaulted(client, options));
    // Before: a query about to ask (no answer, a stale one, just enabled) shows as fetching, as react-query's optimistic result does.
    const fetching = !this.result.isError && this.needsRequest(options);
    return fetching === this.result.isFetching ? this.result : { ...this.result, isFetching: fetching };
  }

  setOptions(options: Options): void {
    const changed = seedId(options.queryKey) !== seedId(this.options.queryKey);
    const enabled = this.options.enabled === false && options.enabled !== false;
    this.options = options;
    if (this.observer) this.observer.setOptions(this.defaulted(this.hub.client!, options));
    // Another key (a filter, a search) or a query enabled now: react-query answers it.
    else if (this.notify && changed) void this.connect();
    else if (this.notify && enabled) this.start();
  }
}

function useSlot(options: Options, infinite: boolean) {
  const hub = useHub();
  const [slot] = useState(() => new QuerySlot(hub, options, infinite));
  useEffect(() => slot.setOptions(options));
  useSyncExternalStore(slot.subscribe, slot.get, slot.get);
  return slot.current(options);
}

/**
 * A react-query query whose first render does not need react-query: the prefetched answer (or
 * loading) until react-query is loaded, then react-query's own result. A key that changes before
 * react-query is loaded shows its seed only once it is (lists and the session keep theirs).
 */
export function useSeededQuery<T>(options: SeededQueryOptions<T>): QueryView<T> {
  return useSlot(options as unknown as Options, false) as QueryView<T>;
}

/** The same for a query read in pages (react-query's InfiniteQueryObserver once loaded). */
export function useSeededInfiniteQuery<TPage, TParam>(options: SeededInfiniteQueryOptions<TPage, TParam>): InfiniteQueryView<TPage> {
  return useSlot(options as unknown as Options, true) as unknown as InfiniteQueryView<TPage>;
}

export type MutateCallbacks<TData, TVars> = {
  onSuccess?: (data: TData, variables: TVars) => unknown;
  onError?: (error: Error, variables: TVars) => unknown;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVars) => unknown;
};

/** The fields of a mutation the console reads; react-query's useMutation results have them too. */
export type MutationView<TVars, TData = unknown> = {
  isPending: boolean;
  /** The last run succeeded (and none is running). */
  isSuccess: boolean;
  mutate: (variables: TVars, callbacks?: MutateCallbacks<TData, TVars>) => void;
  /** Runs it and answers its data, or rejects with its error. */
  mutateAsync: (variables: TVars) => Promise<TData>;
};

type MutationFactory<TData, TVars> = (client: QueryClient) => MutationOptions<TData, Error, TVars, unknown>;

const codeFailure = (error: unknown): Error => (error instanceof Error ? error : new Error('Could not load the page’s code'));

class MutationSlot<TData, TVars> {
  private observer: MutationObserver<TData, Error, TVars, unknown> | null = null;
  private notify: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private pending = 0;
  private view: MutationView<TVars, TData>;

  constructor(
    private readonly hub: Hub,
    public make: MutationFactory<TData, TVars>,
  ) {
    this.view = { isPending: false, isSuccess: false, mutate: this.mutate, mutateAsync: this.mutateAsync };
  }

  private set(isPending: boolean, isSuccess: boolean) {
    if (isPending === this.view.isPending && isSuccess === this.view.isSuccess) return;
    this.view = { isPending, isSuccess, mutate: this.mutate, mutateAsync: this.mutateAsync };
    this.notify?.();
  }

  private attach(now: Live) {
    if (!this.observer || !this.notify || this.unsubscribe) return;
    this.unsubscribe = this.observer.subscribe(
      now.batchCalls((result: { isPending: boolean; isSuccess: boolean }) => this.set(result.isPending || this.pending > 0, result.isSuccess && this.pending === 0)),
    );
  }

  /** Loads react-query if need be (pending at once meanwhile), then runs the mutation. */
  private run(variables: TVars, callbacks?: MutateCallbacks<TData, TVars>): Promise<TData> {
    this.pending++;
    this.set(true, false);
    return loadLive().then(
      (now) => {
        this.pending--;
        const client = now.clientOf(this.hub);
        let observer = this.observer;
        if (observer) observer.setOptions(this.make(client));
        else {
          observer = this.observer = new now.MutationObserver<TData, Error, TVars, unknown>(client, this.make(client));
          this.attach(now);
        }
        return observer.mutate(variables, callbacks);
      },
      (error: unknown) => {
        this.pending--;
        this.set(false, false);
        throw codeFailure(error);
      },
    );
  }

  mutate = (variables: TVars, callbacks?: MutateCallbacks<TData, TVars>) => {
    this.run(variables, callbacks).catch((error: unknown) => {
      // A mutation's own failure reaches onError through react-query; a chunk that did not load, here.
      if (!this.observer) callbacks?.onError?.(codeFailure(error), variables);
    });
  };

  mutateAsync = (variables: TVars): Promise<TData> => this.run(variables);

  subscribe = (notify: () => void) => {
    this.notify = notify;
    const now = liveNow();
    if (now) this.attach(now);
    return () => {
      this.notify = null;
      this.unsubscribe?.();
      this.unsubscribe = null;
    };
  };

  get = () => this.view;

  setMake(make: MutationFactory<TData, TVars>): void {
    this.make = make;
  }
}

/**
 * A react-query mutation (MutationObserver, the client's defaults) that does not need react-query
 * before it is first used. `make` builds its options from the client; the latest `make` is used.
 * Per-call callbacks run only while the component is mounted, as with useMutation.
 */
export function useLiveMutation<TVars, TData = unknown>(make: MutationFactory<TData, TVars>): MutationView<TVars, TData> {
  const hub = useHub();
  const [slot] = useState(() => new MutationSlot<TData, TVars>(hub, make));
  useEffect(() => slot.setMake(make));
  return useSyncExternalStore(slot.subscribe, slot.get, slot.get);
}

/**
 * Work on the console's QueryClient (set or invalidate what a save changed) without react-query
 * before it is needed: `withClient(fn)` loads it if need be, then runs `fn` with the client.
 */
export function useWithClient(): <T>(work: (client: QueryClient) => T | Promise<T>) => Promise<T> {
  const hub = useHub();
  return useCallback(<T,>(work: (client: QueryClient) => T | Promise<T>) => loadLive().then((now) => work(now.clientOf(hub))), [hub]);
}
