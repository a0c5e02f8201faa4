// One factory for the react-query hooks of a resource: a key namespace (`[key, ...]`), list and
// detail queries, and create/update/enable/delete mutations that refresh the namespace.
// Adding a resource is one configuration in ./resource-list.ts and one `defineResource(...)` call.
// The list, enable and delete hooks are ./resource-list.ts's (no react-query needed before first
// use: the list pages load it after hydration); detail, create and update are react-query's own.
import { useMutation, useQuery, useQueryClient } from './query';
import { api } from './api';
import { defineList, type Identified, type ResourceConfig } from './resource-list';

export type { ResourceConfig };

export function defineResource<TRecord extends Identified, TCreate = unknown, TUpdate = TCreate>(config: ResourceConfig<TRecord, TCreate, TUpdate>) {
  const list = defineList(config);
  const { keys, itemPath } = list;

  function useInvalidate() {
    const client = useQueryClient();
    return () => client.invalidateQueries({ queryKey: keys.all });
  }

  return {
    ...list,

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
  };
}

