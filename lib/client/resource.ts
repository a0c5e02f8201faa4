// One factory for the react-query hooks of a resource: a key namespace (`[key, ...]`), list and
// detail queries, and create/update/enable/delete mutations that refresh the namespace.
// Adding a resource is one `defineResource({...})` call with its paths and body wrappers.
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from './api';
import { listKey } from './query-keys';

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
};

type Identified = { id: string; enabled?: boolean };

export function defineResource<TRecord extends Identified, TCreate = unknown, TUpdate = TCreate>(config: ResourceConfig<TRecord, TCreate, TUpdate>) {
  const keys = {
    all: [config.key] as const,
    list: () => listKey(config.key),
    detail: (id: string) => [config.key, 'detail', id] as const,
  };
  const itemPath = (id: string) => `${config.path}/${encodeURIComponent(id)}`;
  const enableRequest = config.enable ?? ((id: string, enabled: boolean) => ({ path: `${itemPath(id)}/enable`, body: { enabled } }));

  function useInvalidate() {
    const client = useQueryClient();
    return () => client.invalidateQueries({ queryKey: keys.all });
  }

  return {
    keys,
    path: config.path,

    useList(options: { enabled?: boolean } = {}) {
      return useQuery({
        queryKey: keys.list(),
        queryFn: ({ signal }) => api<TRecord[]>(config.path, { signal }),
        enabled: options.enabled,
      });
    },

    useDetail(id: string) {
      return useQuery({
        queryKey: keys.detail(id),
        queryFn: async ({ signal }) => {
          const data = await api<unknown>(itemPath(id), { signal });
          return config.detail ? config.detail(data, id) : (data as TRecord);
        },
      });
    },

    useCreate() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (input: TCreate) =>
          api<{ id: string }>(config.path, { method: 'POST', body: config.createBody ? config.createBody(input) : input }),
        onSuccess: invalidate,
      });
    },

    useUpdate() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: ({ id, input }: { id: string; input: TUpdate }) =>
          api<unknown>(itemPath(id), { method: 'PUT', body: config.updateBody ? config.updateBody(input) : input }),
        onSuccess: invalidate,
      });
    },

    /** Optimistic: the switch moves at once and moves back if the server refuses. */
    useSetEnabled() {
      const client = useQueryClient();
      type Snapshot = { list?: TRecord[]; detail: Array<[QueryKey, TRecord | undefined]> };
      return useMutation({
        mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => {
          const request = enableRequest(id, enabled);
          return api<{ id: string; enabled: boolean }>(request.path, { method: 'PUT', body: request.body });
        },
        onMutate: async ({ id, enabled }): Promise<Snapshot> => {
          await client.cancelQueries({ queryKey: keys.all });
          const snapshot: Snapshot = {
            list: client.getQueryData<TRecord[]>(keys.list()),
            detail: [[keys.detail(id), client.getQueryData<TRecord>(keys.detail(id))]],
          };
          client.setQueryData<TRecord[]>(keys.list(), (list) => list?.map((item) => (item.id === id ? { ...item, enabled } : item)));
          client.setQueryData<TRecord>(keys.detail(id), (item) => (item ? { ...item, enabled } : item));
          return snapshot;
        },
        onError: (_error, _vars, snapshot) => {
          if (!snapshot) return;
          client.setQueryData(keys.list(), snapshot.list);
          for (const [key, value] of snapshot.detail) client.setQueryData(key, value);
        },
        onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
      });
    },

    useDelete() {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api<unknown>(itemPath(id), { method: 'DELETE' }),
        onSuccess: (_data, id) => {
          client.setQueryData<TRecord[]>(keys.list(), (list) => list?.filter((item) => item.id !== id));
          client.removeQueries({ queryKey: keys.detail(id) });
          // The deleted record's own detail must not be read again (it would answer 404).
          return client.invalidateQueries({ queryKey: keys.all, predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id });
        },
      });
    },
  };
}

export type Resource<TRecord extends Identified, TCreate = unknown, TUpdate = TCreate> = ReturnType<typeof defineResource<TRecord, TCreate, TUpdate>>;
