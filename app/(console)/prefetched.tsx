// First paint with data (decision 019): a console page's server component reads the signed-in
// person from the session cookie, loads the lists the page shows for that person's company, and
// hands them to react-query (lib/client/seed.tsx), so the browser's first render already has the
// rows instead of a loading skeleton. No session, an expired one or any failure: nothing is
// prefetched and the page loads its data in the browser as before (which refreshes or signs out).
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { ACCESS_COOKIE } from '@/lib/api/session-cookie';
import { PROVIDERS } from '@/lib/catalog/providers';
import { listKey, PROVIDERS_KEY } from '@/lib/client/query-keys';
import { QuerySeed, type SeedEntry } from '@/lib/client/seed';
import type { KindKey } from '@/lib/kinds';
import { KIND_STORES } from '@/lib/kinds/server';
import { actorForAccessToken, type Actor } from '@/lib/server/auth/tokens';

/** The lists a page can prefetch: every kind's, from its store (lib/kinds), the same JSON as its GET endpoint. */
type PrefetchList = KindKey;

/** The actor of the request's session cookie, or null (no cookie, unknown, expired or revoked token). */
async function sessionActor(): Promise<Actor | null> {
  const token = (await cookies()).get(ACCESS_COOKIE)?.value;
  if (!token) return null;
  try {
    return await actorForAccessToken(token);
  } catch {
    return null;
  }
}

/** The seed of `lists` for the request's session, or null (no usable session, or a failure). */
async function seedOf(lists: PrefetchList[]): Promise<SeedEntry[] | null> {
  const actor = await sessionActor();
  if (!actor) return null;
  try {
    const answers = await Promise.all(lists.map((kind) => KIND_STORES[kind].listJson(actor.companyId)));
    const at = Date.now();
    const entries: SeedEntry[] = lists.map((kind, i) => ({ key: listKey(kind), data: JSON.parse(answers[i]) as unknown, at }));
    if (lists.includes('ai-models')) entries.push({ key: PROVIDERS_KEY, data: PROVIDERS, at });
    return entries;
  } catch {
    return null; // the browser loads (and reports) it as before
  }
}

/**
 * Renders `children` with the given lists of the signed-in person's company already in the
 * query cache. Everything is read per request for its own session: nothing is shared between
 * requests or companies.
 */
export async function Prefetched({ lists, children }: { lists: PrefetchList[]; children: ReactNode }) {
  const entries = await seedOf(lists);
  return entries ? <QuerySeed entries={entries}>{children}</QuerySeed> : <>{children}</>;
}
