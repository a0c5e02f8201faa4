// react-query itself, for ./query-hub.tsx: the console's QueryClient (its defaults, the server's
// prefetched answers copied in) and the observers the hub's seeded hooks follow. Loaded after
// hydration on list pages, statically (through ./query.ts) everywhere react-query's hooks are used.
import { InfiniteQueryObserver, MutationObserver, notifyManager, QueryClient, QueryObserver } from '@tanstack/react-query';
// The request path comes with react-query: the seeded hooks' requests (./api-later.ts) need it at once.
import './api';
import { ApiClientError } from './api-error';
import { registerLive, type Hub } from './query-slot';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not fix itself: retry only lost connections and server errors.
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiClientError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
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
