// One factory for the react-query hooks of a resource: a key namespace (`[key, ...]`), list and
// detail queries, and create/update/enable/delete mutations that refresh the namespace.
// A kind's configuration is its entry in the client registry (./kinds.ts): `defineResource(RESOURCES.<kind>)`.
// Every hook goes through the console's query hub (./query-hub.tsx): react-query is loaded when a
// query needs a request or at the first save, never on the way to a seeded page being usable.
// Saves are safe to retry (decision 052): an update names the version its form loaded (If-Match),
// a creation carries one Idempotency-Key per request body; both give up visibly after SAVE_TIMEOUT_MS.
import { useRef } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLiveMutation, useSeededQuery } from './query-hub';
import { api } from './api';
import { rememberVersion } from './loaded-versions';
import { defineList, type Identified, type ResourceConfig } from './resource-list';

export type { ResourceConfig };

/** How long a save may take before the console says so (and offers to save again, which cannot save twice). */
export const SAVE_TIMEOUT_MS = 30_000;

/** FNV-1a over UTF-16 code units: tells two request bodies apart (not a security measure). */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * One Idempotency-Key per request body: a retry of the same body (after a timeout or a lost
 * connection) reuses it, so the server answers the first creation instead of making a second;
 * a changed body (the person edited the form) gets a new one.
 */
export function useIdempotencyKey(): { keyFor(body: unknown): string; reset(): void } {
  const last = useRef<{ body: number; key: string } | null>(null);
  return {
    keyFor(body) {
      // A digest, not the body: a provider key in it is not kept.
      const digest = hashText(JSON.stringify(body));
      if (last.current?.body !== digest) last.current = { body: digest, key: crypto.randomUUID() };
      return last.current.key;
    },
    reset() {
      last.current = null;
    },
  };
}

export function defineResource<TRecord extends Identified, TCreate = unknown, TUpdate = TCreate>(config: ResourceConfig<TRecord, TCreate, TUpdate>) {
  const list = defineList(config);
  const { keys, itemPath } = list;

  const invalidate = (client: QueryClient) => client.invalidateQueries({ queryKey: keys.all });

  return {
    ...list,

    useDetail(id: string) {
      return useSeededQuery<TRecord>({
        queryKey: keys.detail(id),
        queryFn: async ({ signal }) => {
          const data = await api<unknown>(itemPath(id), { signal, onVersion: (version) => rememberVersion(config.key, id, version) });
          return config.detail ? config.detail(data, id) : (data as TRecord);
        },
      });
    },

    useCreate() {
      const idempotency = useIdempotencyKey();
      return useLiveMutation<TCreate, { id: string }>((client) => ({
        mutationFn: (input) => {
          const body = config.createBody ? config.createBody(input) : input;
          return api<{ id: string }>(config.path, { method: 'POST', body, headers: { 'idempotency-key': idempotency.keyFor(body) }, timeoutMs: SAVE_TIMEOUT_MS });
        },
        onSuccess: () => {
          idempotency.reset();
          return invalidate(client);
        },
      }));
    },

    /** `version`: the version the form loaded (If-Match); a change saved meanwhile is a 409. */
    useUpdate() {
      return useLiveMutation<{ id: string; input: TUpdate; version: number | null }>((client) => ({
        mutationFn: ({ id, input, version }) =>
          api<unknown>(itemPath(id), {
            method: 'PUT',
            body: config.updateBody ? config.updateBody(input) : input,
            headers: version !== null ? { 'if-match': `"${version}"` } : undefined,
            timeoutMs: SAVE_TIMEOUT_MS,
            onVersion: (n) => rememberVersion(config.key, id, n),
          }),
        onSuccess: () => invalidate(client),
      }));
    },
  };
}
