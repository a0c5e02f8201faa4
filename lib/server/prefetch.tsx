// First paint with data (decision 019): a console page's server component reads the signed-in
// person from the session cookie, loads the lists the page shows for that person's company, and
// hands them to react-query (lib/client/seed.tsx), so the browser's first render already has the
// rows instead of a loading skeleton. No session, an expired one or any failure: nothing is
// prefetched and the page loads its data in the browser as before (which refreshes or signs out).
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { ACCESS_COOKIE } from '@/lib/api/session-cookie';
import { PROVIDERS } from '@/lib/catalog/providers';
import { LIST_PAGE_SIZE, listKey, pagedListKey, PROVIDERS_KEY, type ListPage as ClientPage } from '@/lib/client/query-keys';
import { QuerySeed, type SeedEntry } from '@/lib/client/seed';
import { listAgentsJson, listAgentsPage } from './agents';
import { listModelsJson, listModelsPage } from './ai-models';
import { actorForAccessToken, type Actor } from './auth/tokens';
import { listKnowledgeBasesJson, listKnowledgeBasesPage } from './knowledge-bases';
import type { ListPage, PageRequest } from './list-page';
import { listSquadsJson, listSquadsPage } from './squads';
import { listToolsJson, listToolsPage } from './tools';

/** The lists a page can prefetch: the same data layer (and JSON) as their GET endpoints. */
const LISTS = {
  agents: listAgentsJson,
  squads: listSquadsJson,
  tools: listToolsJson,
  'knowledge-bases': listKnowledgeBasesJson,
  'ai-models': listModelsJson,
} satisfies Record<string, (companyId: string) => Promise<string>>;

export type PrefetchList = keyof typeof LISTS;

/** The first page of each list as the list pages read it (D13, decision 040; `usePagedList` in lib/client/resource-list.ts). */
const PAGES = {
  agents: listAgentsPage,
  squads: listSquadsPage,
  tools: listToolsPage,
  'knowledge-bases': listKnowledgeBasesPage,
  'ai-models': listModelsPage,
} satisfies Record<PrefetchList, (companyId: string, sector: string | undefined, page: PageRequest) => Promise<ListPage>>;

/** The list's first page as react-query's InfiniteData of the client's pages (the same page params as the browser's). */
async function firstPage(kind: PrefetchList, companyId: string) {
  const first = `/${kind}?limit=${LIST_PAGE_SIZE}`;
  const { json, next } = await PAGES[kind](companyId, undefined, { limit: LIST_PAGE_SIZE });
  const page: ClientPage<unknown> = { items: JSON.parse(json) as unknown[], next: next ? `${first}&last=${next}` : null };
  return { pages: [page], pageParams: [first] };
}

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

/** The seed of `lists` (whole) and `pages` (first pages) for the request's session, or null (no usable session, or a failure). */
async function seedOf(lists: PrefetchList[], pages: PrefetchList[]): Promise<SeedEntry[] | null> {
  const actor = await sessionActor();
  if (!actor) return null;
  try {
    const [answers, firsts] = await Promise.all([
      Promise.all(lists.map((kind) => LISTS[kind](actor.companyId))),
      Promise.all(pages.map((kind) => firstPage(kind, actor.companyId))),
    ]);
    const at = Date.now();
    const entries: SeedEntry[] = lists.map((kind, i) => ({ key: listKey(kind), data: JSON.parse(answers[i]) as unknown, at }));
    pages.forEach((kind, i) => entries.push({ key: pagedListKey(kind), data: firsts[i], at }));
    if (lists.includes('ai-models')) entries.push({ key: PROVIDERS_KEY, data: PROVIDERS, at });
    return entries;
  } catch {
    return null; // the browser loads (and reports) it as before
  }
}

/**
 * Renders `children` with the given lists (whole) and the first pages of `pages` of the
 * signed-in person's company already in the query cache. Everything is read per request for its own session: nothing is shared between
 * requests or companies.
 */
export async function Prefetched({ lists, pages = [], children }: { lists: PrefetchList[]; pages?: PrefetchList[]; children: ReactNode }) {
  const entries = await seedOf(lists, pages);
  return entries ? <QuerySeed entries={entries}>{children}</QuerySeed> : <>{children}</>;
}
