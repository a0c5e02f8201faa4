// react-query itself, for ./query-hub.tsx: the console's QueryClient (its defaults, the server's
// prefetched answers copied in) and the observers the hub's seeded hooks follow. Loaded by the hub
// when a query needs a request, at the first mutation, or at the person's first action.
import { InfiniteQueryObserver, MutationObserver, notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { ApiClientError } from './api-error';
import { DEFAULT_STALE_MS, registerLive, type Hub } from './query-slot';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        // A client error will not fix itself: retry only lost connections and server errors.
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiClientError) || error.status === 0 || error.status >= 500),
      },
      // A save never waits, paused, for the connection to come back and then runs on its own:
      // offline it fails at once and says so; saving again is the person's choice (decision 052).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The hub's client, made at the first need; the server's answers (and a sign-in's hand-off) go in first. */
export function clientOf(hub: Hub): QueryClient {
  if (hub.client) return hub.client;
  const client = makeQueryClient();
  for (const { key, data, at } of hub.seeds.values()) client.setQueryData(key, data, { updatedAt: at });
  hub.client = client;
  if (hub.active) client.mount();
  return client;
}

registerLive({ QueryObserver, InfiniteQueryObserver, MutationObserver, batchCalls: notifyManager.batchCalls, clientOf });
