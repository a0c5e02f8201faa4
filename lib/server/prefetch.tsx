// First paint with data (decision 019): a console page's server component reads the signed-in
// person from the session cookie, loads the lists the page shows for that person's company, and
// hands them to react-query (HydrationBoundary), so the browser's first render already has the
// rows instead of a loading skeleton. No session, an expired one or any failure: nothing is
// prefetched and the page loads its data in the browser as before (which refreshes or signs out).
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { ACCESS_COOKIE } from '@/lib/api/session-cookie';
import { PROVIDERS } from '@/lib/catalog/providers';
import { listKey, PROVIDERS_KEY } from '@/lib/client/query-keys';
import { listAgentsJson } from './agents';
import { listModelsJson } from './ai-models';
import { actorForAccessToken, type Actor } from './auth/tokens';
import { listKnowledgeBasesJson } from './knowledge-bases';
import { listSquadsJson } from './squads';
import { listToolsJson } from './tools';

/** The lists a page can prefetch: the same data layer (and JSON) as their GET endpoints. */
const LISTS = {
  agents: listAgentsJson,
  squads: listSquadsJson,
  tools: listToolsJson,
  'knowledge-bases': listKnowledgeBasesJson,
  'ai-models': listModelsJson,
} satisfies Record<string, (companyId: string) => Promise<string>>;

export type PrefetchList = keyof typeof LISTS;

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

/**
 * Renders `children` with the given lists of the signed-in person's company already in the
 * query cache. One QueryClient per request: nothing is shared between requests or companies.
 */
export async function Prefetched({ lists, children }: { lists: PrefetchList[]; children: ReactNode }) {
  const actor = await sessionActor();
  if (!actor) return <>{children}</>;
  const client = new QueryClient();
  try {
    const answers = await Promise.all(lists.map((kind) => LISTS[kind](actor.companyId)));
    lists.forEach((kind, i) => client.setQueryData(listKey(kind), JSON.parse(answers[i]) as unknown));
  } catch {
    // The browser loads (and reports) it as before.
    return <>{children}</>;
  }
  if (lists.includes('ai-models')) client.setQueryData(PROVIDERS_KEY, PROVIDERS);
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
