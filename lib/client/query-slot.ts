// The slot ./query-live.ts fills when it is evaluated (statically imported through ./query.ts, or
// loaded by ./query-hub.tsx after hydration), and the types both modules share: kept apart so
// that neither imports the other back. No value import of '@tanstack/react-query' here.
import type { InfiniteQueryObserver, MutationObserver, QueryClient, QueryKey, QueryObserver } from '@tanstack/react-query';

/** What ./query-live.ts gives once loaded (react-query's observers and the client factory). */
export type Live = {
  QueryObserver: typeof QueryObserver;
  InfiniteQueryObserver: typeof InfiniteQueryObserver;
  MutationObserver: typeof MutationObserver;
  batchCalls: <T extends unknown[]>(callback: (...args: T) => void) => (...args: T) => void;
  clientOf: (hub: Hub) => QueryClient;
};

export type Seed = { key: QueryKey; data: unknown; at: number };

/** How long an answer counts as fresh unless a query says otherwise (the client's default, ./query-live.ts). */
export const DEFAULT_STALE_MS = 30_000;

/** One console visit's cache: the client once created, and the server's answers until then. */
export type Hub = {
  client: QueryClient | null;
  /** Prefetched answers by key (JSON of the key), newest kept; copied into the client when it is made. */
  seeds: Map<string, Seed>;
  /** The layout is mounted: a client made now is mounted (window focus and online refetches). */
  active: boolean;
};

let live: Live | null = null;

/** ./query-live.ts registers itself when it is evaluated. */
export function registerLive(module: Live): void {
  live = module;
}

/** react-query's pieces once ./query-live.ts ran, else null. */
export const registeredLive = (): Live | null => live;
