'use client';
// The browser side of lib/server/prefetch.tsx: hands the lists the server loaded to the console's
// cache (./query-hub.tsx) before the page's first render, so the list renders at once from them.
// Smaller than react-query's HydrationBoundary, and without react-query itself: the server only
// ever hands over successful list answers, so a key, the data and when it was read suffice.
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { rememberVersion } from './loaded-versions';
import { addSeed, useHub } from './query-hub';

/**
 * One prefetched answer; `loaded`: a record's version (its ETag) read with it, for an edit form's
 * If-Match (./loaded-versions.ts), as the browser's own detail read would remember it.
 */
export type SeedEntry = { key: QueryKey; data: unknown; at: number; loaded?: { key: string; id: string; version: number } };

/** The pages of react-query's InfiniteData (0 for anything else). */
const pageCount = (data: unknown): number => {
  const pages = data && typeof data === 'object' && 'pages' in data ? (data as { pages: unknown }).pages : undefined;
  return Array.isArray(pages) ? pages.length : 0;
};

export function QuerySeed({ entries, children }: { entries: SeedEntry[]; children: ReactNode }) {
  const hub = useHub();
  // Before react-query is loaded, the hub keeps them (the newest per key) for the seeded hooks
  // and the client it will make. A client that exists already gets a query it has no data for
  // yet before the children first render (the console's shell, rendered first, may already be
  // waiting for it: the session); one with data is refreshed after render when the server's
  // answer is newer (a later visit: another component may be showing it).
  useState(() => {
    for (const entry of entries) {
      addSeed(hub, entry);
      // In the browser only: the server keeps nothing of one request for the next.
      if (entry.loaded && typeof window !== 'undefined') rememberVersion(entry.loaded.key, entry.loaded.id, entry.loaded.version);
      if (hub.client && hub.client.getQueryState(entry.key)?.data === undefined) hub.client.setQueryData(entry.key, entry.data, { updatedAt: entry.at });
    }
  });
  useEffect(() => {
    const client = hub.client;
    if (!client) return;
    for (const { key, data, at } of entries) {
      // A list read in pages (D13) that has more pages loaded than the server's first one keeps
      // them: the page's own query refreshes them as react-query decides (a URL change re-renders
      // the page on the server, which must not drop what "Load more" read).
      if (pageCount(client.getQueryData(key)) > pageCount(data)) continue;
      if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) < at) client.setQueryData(key, data, { updatedAt: at });
    }
  }, [hub, entries]);
  return children;
}
