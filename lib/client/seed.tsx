'use client';
// The browser side of lib/server/prefetch.tsx: puts the lists the server loaded into the query
// cache before the page's first render. Smaller than react-query's HydrationBoundary (which
// brings its whole dehydrate/hydrate module into every list page's first load): the server only
// ever hands over successful list answers, so a key, the data and when it was read suffice.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

export type SeedEntry = { key: QueryKey; data: unknown; at: number };

export function QuerySeed({ entries, children }: { entries: SeedEntry[]; children: ReactNode }) {
  const client = useQueryClient();
  // A query the cache does not have yet is filled before the children first render (nothing
  // observes it yet); one it has is refreshed after render when the server's answer is newer
  // (a later visit: another component may be showing it).
  useState(() => {
    for (const { key, data, at } of entries) if (client.getQueryState(key) === undefined) client.setQueryData(key, data, { updatedAt: at });
  });
  useEffect(() => {
    for (const { key, data, at } of entries) {
      if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) < at) client.setQueryData(key, data, { updatedAt: at });
    }
  }, [client, entries]);
  return children;
}
