'use client';
// Filters of a history page, kept in the URL (a shared link or a reload shows the same view).
// Changes show at once and are written to the URL; the URL wins when it changes by other means
// (lib/client/address-state.ts).
import { useCallback } from 'react';
import { useAddressState } from '@/lib/client/address-state';

export type Params<K extends string> = Record<K, string>;

function read<K extends string>(search: URLSearchParams, keys: readonly K[]): Params<K> {
  return Object.fromEntries(keys.map((key) => [key, search.get(key) ?? ''])) as Params<K>;
}

export function useUrlParams<K extends string>(keys: readonly K[]) {
  const { state: values, latest, write } = useAddressState(
    (search) => read(search, keys),
    (next) => {
      const query = new URLSearchParams();
      for (const key of keys) if (next[key]) query.set(key, next[key]);
      return query.toString();
    },
  );
  const update = useCallback((patch: Partial<Params<K>>) => write({ ...latest.current, ...patch }), [latest, write]);
  return { values, update };
}
