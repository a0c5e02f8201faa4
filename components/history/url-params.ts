'use client';
// Filters of a history page, kept in the URL (a shared link or a reload shows the same view).
// Changes show at once and are written to the URL; the URL wins when it changes by other means.
import { usePathname, useSearchParams } from 'next/navigation';
import { replaceQuery } from '@/lib/client/replace-query';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Params<K extends string> = Record<K, string>;

function read<K extends string>(search: URLSearchParams, keys: readonly K[]): Params<K> {
  return Object.fromEntries(keys.map((key) => [key, search.get(key) ?? ''])) as Params<K>;
}

export function useUrlParams<K extends string>(keys: readonly K[]) {
  const search = useSearchParams();
  const pathname = usePathname();
  const keysRef = useRef(keys);
  const [values, setValues] = useState(() => read(search, keys));
  const latest = useRef(values);
  /** Query strings written and not yet seen back in the URL (useSearchParams sees them a render later). */
  const writes = useRef<string[]>([]);

  useEffect(() => {
    const index = writes.current.indexOf(search.toString());
    if (index >= 0) {
      writes.current = writes.current.slice(index + 1);
      if (writes.current.length) return; // a newer change of ours is on its way
    } else {
      writes.current = [];
    }
    latest.current = read(search, keysRef.current);
    setValues(latest.current);
  }, [search]);

  const update = useCallback(
    (patch: Partial<Params<K>>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setValues(next);
      const query = new URLSearchParams();
      for (const key of keysRef.current) if (next[key]) query.set(key, next[key]);
      const qs = query.toString();
      writes.current.push(qs);
      replaceQuery(pathname, qs);
    },
    [pathname],
  );

  return { values, update };
}
