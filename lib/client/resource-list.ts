// The part of a resource (./resource.ts) a list page needs: its list, the inline enable switch and
// delete. No react-query in it (./query-hub.tsx): the list renders from the server's prefetched
// rows, and react-query is loaded after hydration (decision 028). The kinds' configurations and
// their lists are in the client registry (./kinds.ts), so that list pages need not import ./resource.ts.
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Provider } from '@/lib/catalog/providers';
import { api, apiPage } from './api-later';
import { forgetVersion } from './loaded-versions';
import { useLiveMutation, useSeededInfiniteQuery, useSeededQuery } from './query-hub';
import { detailKey, LIST_PAGE_SIZE, listKey, pagedListKey, PROVIDERS_KEY, type ListPage } from './query-keys';

export type ResourceConfig<TRecord, TCreate, TUpdate> = {
  /** The query key namespace, e.g. "agents". Every query of the resource starts with it. */
  key: string;
  /** The API path of the collection, e.g. "/agents". */
  path: string;
  /** Turns a detail answer into the record (e.g. `data.Agent` for agents). Default: as answered. */
  detail?: (data: unknown, id: string) => TRecord;
  /** The create body (e.g. `{ squad: input }`). Default: the input itself. */
  createBody?: (input: TCreate) => unknown;
  /** The update body. Default: the input itself. */
  updateBody?: (input: TUpdate) => unknown;
  /** How enable/disable is sent: PUT `{path}/{id}/enable` `{ enabled }` by default. */
  enable?: (id: string, enabled: boolean) => { path: string; body: unknown };
  /** Enable/disable as more than one request (knowledge bases); replaces `enable`. */
  sendEnabled?: (id: string, enabled: boolean) => Promise<unknown>;
};

export type Identified = { id: string; enabled?: boolean };

/** `pages` with each page's items changed by `change` (undefined stays undefined). */
function mapPages<T>(pages: InfiniteData<ListPage<T>, string> | undefined, change: (items: T[]) => T[]) {
  return pages && { ...pages, pages: pages.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

export function defineList<TRecord extends Identified, TCreate = unknown, TUpdate = TCreate>(config: ResourceConfig<TRecord, TCreate, TUpdate>) {
  type Pages = InfiniteData<ListPage<TRecord>, string>;
  const keys = {
    all: [config.key] as const,
    list: () => listKey(config.key),
    pages: () => pagedListKey(config.key),
    detail: (id: string) => detailKey(config.key, id),
  };
  const itemPath = (id: string) => `${config.path}/${encodeURIComponent(id)}`;
  const enableRequest = config.enable ?? ((id: string, enabled: boolean) => ({ path: `${itemPath(id)}/enable`, body: { enabled } }));

  return {
    keys,
    path: config.path,
    itemPath,

    useList(options: { enabled?: boolean } = {}) {
      return useSeededQuery<TRecord[]>({ queryKey: keys.list(), queryFn: ({ signal }) => api<TRecord[]>(config.path, { signal }), enabled: options.enabled });
    },

    /**
     * The list page's rows, read in pages of LIST_PAGE_SIZE (D13): the first page (rendered by
     * the server, lib/server/prefetch.tsx) and each further one on `fetchNextPage`.
     */
    usePagedList() {
      return useSeededInfiniteQuery({
        queryKey: keys.pages(),
        initialPageParam: `${config.path}?limit=${LIST_PAGE_SIZE}`,
        queryFn: async ({ pageParam, signal }): Promise<ListPage<TRecord>> => {
          const { data, next } = await apiPage<TRecord[]>(pageParam, { signal });
          return { items: data, next };
        },
        getNextPageParam: (last: ListPage<TRecord>) => last.next ?? undefined,
      });
    },

    /** Optimistic: the switch moves at once and moves back if the server refuses. */
    useSetEnabled() {
      type Snapshot = { list?: TRecord[]; pages?: Pages; detail: Array<[QueryKey, TRecord | undefined]> };
      return useLiveMutation<{ id: string; enabled: boolean }>((client: QueryClient) => ({
        mutationFn: async ({ id, enabled }) => {
          const request = enableRequest(id, enabled);
          const answer = await (config.sendEnabled ? config.sendEnabled(id, enabled) : api<{ id: string; enabled: boolean }>(request.path, { method: 'PUT', body: request.body }));
          forgetVersion(keys.all[0], id);
          return answer;
        },
        onMutate: async ({ id, enabled }): Promise<Snapshot> => {
          await client.cancelQueries({ queryKey: keys.all });
          const snapshot: Snapshot = {
            list: client.getQueryData<TRecord[]>(keys.list()),
            pages: client.getQueryData<Pages>(keys.pages()),
            detail: [[keys.detail(id), client.getQueryData<TRecord>(keys.detail(id))]],
          };
          client.setQueryData<TRecord[]>(keys.list(), (list) => list?.map((item) => (item.id === id ? { ...item, enabled } : item)));
          client.setQueryData<Pages>(keys.pages(), (pages) => mapPages(pages, (items) => items.map((item) => (item.id === id ? { ...item, enabled } : item))));
          client.setQueryData<TRecord>(keys.detail(id), (item) => (item ? { ...item, enabled } : item));
          return snapshot;
        },
        onError: (_error, _vars, result) => {
          const snapshot = result as Snapshot | undefined;
          if (!snapshot) return;
          client.setQueryData(keys.list(), snapshot.list);
          client.setQueryData(keys.pages(), snapshot.pages);
          for (const [key, value] of snapshot.detail) client.setQueryData(key, value);
        },
        onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
      }));
    },

    useDelete() {
      return useLiveMutation<string>((client: QueryClient) => ({
        mutationFn: (id) => api<unknown>(itemPath(id), { method: 'DELETE' }),
        onSuccess: (_data, id) => {
          client.setQueryData<TRecord[]>(keys.list(), (list) => list?.filter((item) => item.id !== id));
          client.setQueryData<Pages>(keys.pages(), (pages) => mapPages(pages, (items) => items.filter((item) => item.id !== id)));
          client.removeQueries({ queryKey: keys.detail(id) });
          // The deleted record's own detail must not be read again (it would answer 404).
          return client.invalidateQueries({ queryKey: keys.all, predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id });
        },
      }));
    },
  };
}

/** "1.2 MB": a byte count as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** The AI model providers and their key rule (GET /ai-models/providers); they change only with a release. */
export function useProviders() {
  return useSeededQuery({ queryKey: PROVIDERS_KEY, queryFn: ({ signal }) => api<Provider[]>('/ai-models/providers', { signal }), staleTime: Infinity });
}
