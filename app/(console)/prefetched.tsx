// First paint with data (decision 019): a console page's server component reads the signed-in
// person from the session cookie, loads the lists the page shows for that person's company, and
// hands them to react-query (lib/client/seed.tsx), so the browser's first render already has the
// rows instead of a loading skeleton. No session, an expired one or any failure: nothing is
// prefetched and the page loads its data in the browser as before (which refreshes or signs out).
import 'server-only';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { ACCESS_COOKIE } from '@/lib/api/session-cookie';
import { PROVIDERS } from '@/lib/catalog/providers';
import { TOOL_TYPES } from '@/lib/catalog/tool-types';
import type { QueryKey } from '@tanstack/react-query';
import {
  agentHistoryKey,
  designerSquadKey,
  detailKey,
  LIST_PAGE_SIZE,
  listKey,
  modelChangesKey,
  pagedListKey,
  PROVIDERS_KEY,
  sessionKeys,
  TOOL_TYPES_KEY,
  squadHistoryKey,
  usageKey,
  VERSION_PAGE,
  versionKeys,
  type ListPage,
} from '@/lib/client/query-keys';
import { historyQuery } from '@/lib/schemas/ai-model';
import { versionsQuery } from '@/lib/schemas/version';
import { QuerySeed, type SeedEntry } from '@/lib/client/seed';
import type { KindKey } from '@/lib/kinds';
import { KIND_STORES } from '@/lib/server/kinds';
import { agentHistory } from '@/lib/server/agents';
import { modelHistoryPage } from '@/lib/server/ai-models/history';
import { actorForAccessToken, type Actor } from '@/lib/server/auth/tokens';
import { getSquad, squadHistory } from '@/lib/server/squads';
import type { Scope } from '@/lib/server/store';
import { resourceUsage } from '@/lib/server/usage';
import { sessionFor } from '@/lib/server/users';
import { currentVersion, diffOfVersions, listVersions } from '@/lib/server/versions';

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

/**
 * More of a page's data than lists, read for the signed-in person's company beside them: a
 * detail page's record, the designer's squad. Each answer is what the browser's query would hold.
 */
export type MoreSeeds = (actor: Actor) => Promise<Array<{ key: QueryKey; data: unknown; loaded?: SeedEntry['loaded'] }>>;

/**
 * The first page of each list of `kinds` as the list pages read them (D13, decision 040;
 * `usePagedList` in lib/client/resource-list.ts): react-query's InfiniteData of one page, with
 * the browser's own page params.
 */
const firstPageSeeds =
  (kinds: readonly PrefetchList[]): MoreSeeds =>
  (actor) =>
    Promise.all(
      kinds.map(async (kind) => {
        const first = `/${kind}?limit=${LIST_PAGE_SIZE}`;
        const { json, next } = await KIND_STORES[kind].listPage(actor, undefined, { limit: LIST_PAGE_SIZE });
        const page: ListPage<unknown> = { items: JSON.parse(json) as unknown[], next: next ? `${first}&last=${next}` : null };
        return { key: pagedListKey(kind), data: { pages: [page], pageParams: [first] } };
      }),
    );

/** As the browser would have it from the API's JSON (dates as strings, no undefined). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The seed of `lists`, the session and `more` for the request's session, or null (no usable
 * session). A list or the session that fails prefetches nothing; `more` that fails (an unknown
 * id) leaves only itself out: the browser loads (and reports) what is missing as before.
 */
async function seedOf(lists: readonly PrefetchList[], more?: MoreSeeds): Promise<SeedEntry[] | null> {
  const actor = await sessionActor();
  if (!actor) return null;
  const extra = more ? more(actor).catch(() => []) : Promise.resolve([]);
  try {
    const [answers, session, extras] = await Promise.all([Promise.all(lists.map((kind) => KIND_STORES[kind].listJson(actor))), sessionFor(actor), extra]);
    const at = Date.now();
    const entries: SeedEntry[] = lists.map((kind, i) => ({ key: listKey(kind), data: JSON.parse(answers[i]) as unknown, at }));
    if (lists.includes('ai-models')) entries.push({ key: PROVIDERS_KEY, data: PROVIDERS, at });
    // The console's shell asks who is signed in on every page (/api/session): answered here too.
    entries.push({ key: sessionKeys.me(), data: asJson(session), at });
    for (const { key, data, loaded } of extras) entries.push({ key, data: asJson(data), at, ...(loaded && { loaded }) });
    return entries;
  } catch {
    return null; // the browser loads (and reports) it as before
  }
}

/**
 * Renders `children` with the given lists (whole), the first pages of `pages` (the list pages'),
 * of the signed-in person's company, the session and
 * `more` already in the query cache. Everything is read per request for its own session:
 * nothing is shared between requests or companies.
 */
export async function Prefetched({ lists = [], pages = [], more, children }: { lists?: readonly PrefetchList[]; pages?: readonly PrefetchList[]; more?: MoreSeeds; children: ReactNode }) {
  const firstPages = pages.length ? firstPageSeeds(pages) : undefined;
  const seeds: MoreSeeds | undefined =
    firstPages && more ? async (actor) => [...(await firstPages(actor)), ...(await more(actor).catch(() => []))] : (firstPages ?? more);
  const entries = await seedOf(lists, seeds);
  return entries ? <QuerySeed entries={entries}>{children}</QuerySeed> : <>{children}</>;
}

/** The designer's squad as it is now (the designer's own query, read afresh at every opening). */
export const designerSeeds =
  (squadId: string): MoreSeeds =>
  async (actor) => [{ key: designerSquadKey(squadId), data: await getSquad(actor, squadId) }];

export type DetailKind = KindKey;

/** The "Recent changes" card of the detail pages that have one (the client's own limit: 5 for a model). */
const RECENT: Partial<Record<DetailKind, (scope: Scope, id: string) => Promise<{ key: QueryKey; data: unknown }>>> = {
  agents: async (scope) => ({ key: agentHistoryKey, data: await agentHistory(scope) }),
  squads: async (scope, id) => ({ key: squadHistoryKey(id), data: await squadHistory(scope, id) }),
  'ai-models': async (scope, id) => ({ key: modelChangesKey(id, 5), data: await modelHistoryPage(scope, historyQuery.parse({ limit: '5' }), { modelId: id }) }),
};

/**
 * A detail page's data (issue 22): the record, the first page of its versions (the History tab),
 * what uses it ("Used by"; squads have none) and its "Recent changes" — the same data functions
 * as the API's endpoints, for the signed-in person's company. Opened on its History tab
 * (`?tab=history`), also the diff it shows first (the one before the latest against the latest,
 * with the names it refers to: decision 055).
 */
export const detailSeeds =
  (kind: DetailKind, id: string, tab?: string | string[]): MoreSeeds =>
  async (scope) => {
    const [record, versions, usage, recent] = await Promise.all([
      KIND_STORES[kind].record(scope, id),
      listVersions(scope, kind, id, versionsQuery.parse({ limit: String(VERSION_PAGE) })),
      kind === 'squads' ? null : resourceUsage(scope, kind, id),
      RECENT[kind]?.(scope, id),
    ]);
    const seeds: Array<{ key: QueryKey; data: unknown }> = [
      { key: detailKey(kind, id), data: record },
      { key: versionKeys.list(kind, id), data: { pages: [versions], pageParams: [''] } },
    ];
    if (tab === 'history' && versions.items.length) {
      const to = versions.items[0]!.version;
      const from = versions.items.find((v) => v.version < to)?.version ?? to;
      if (from !== to) seeds.push({ key: versionKeys.diff(kind, id, from, to), data: await diffOfVersions(scope, kind, id, from, to) });
    }
    if (usage) seeds.push({ key: usageKey(kind, id), data: usage });
    if (recent) seeds.push(recent);
    if (kind === 'ai-models') seeds.push({ key: PROVIDERS_KEY, data: PROVIDERS });
    return seeds;
  };

/** What a kind's form reads beside its lists: the catalogue of tool types for a tool. */
export const formSeeds =
  (kind: DetailKind): MoreSeeds =>
  async () =>
    kind === 'tools' ? [{ key: TOOL_TYPES_KEY, data: TOOL_TYPES }] : [];

/**
 * An edit page's record as its detail query holds it, with the version its form saves against
 * (If-Match), read in the API's order (version, then record: a change between the two makes the
 * save a conflict, never a silent overwrite). Squads carry their version in the record.
 */
export const editSeeds =
  (kind: DetailKind, id: string): MoreSeeds =>
  async (scope) => {
    const version = kind === 'squads' ? null : await currentVersion(scope.companyId, kind, id);
    const record = await KIND_STORES[kind].record(scope, id);
    const loaded = { key: kind, id, version: version ?? (record as { version: number }).version };
    return [{ key: detailKey(kind, id), data: record, loaded }, ...(await formSeeds(kind)(scope))];
  };
