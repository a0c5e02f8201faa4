// Query keys shared by the browser's hooks (./resource.ts, ./versions.ts, ./usage.ts,
// ./history.ts, ./ai-models.ts) and the server's prefetch (app/(console)/prefetched.tsx): both
// must name a query the same way for hydration to find it.
import type { VersionKind } from '@/lib/versions/diff';
export const listKey = (key: string) => [key, 'list'] as const;
export const detailKey = (key: string, id: string) => [key, 'detail', id] as const;
/** The designer's squad: always read afresh (components/squad-designer/SquadDesigner.tsx), apart from the detail page's copy. */
export const designerSquadKey = (id: string) => [...detailKey('squads', id), 'designer'] as const;
/** A list read in pages of LIST_PAGE_SIZE (D13) by the list pages: react-query's InfiniteData of ListPage. */
export const pagedListKey = (key: string) => [key, 'pages'] as const;
/** Items per page of the console's list pages: a company with at most this many of a kind has one page. */
export const LIST_PAGE_SIZE = 1000;
/** One page as the list pages keep it: the items and the path of the next page (null on the last). */
export type ListPage<T> = { items: T[]; next: string | null };
export const PROVIDERS_KEY = ['ai-model-providers'] as const;
/** The catalogue of tool types (GET /tools/availables). */
export const TOOL_TYPES_KEY = ['tool-types'] as const;

/** The signed-in person's queries (./session.ts). */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => ['session', 'me'] as const,
  setupStatus: () => ['session', 'setup-status'] as const,
};

/** A resource's versions (decision 013), under the kind's react-query namespace (its URL segment, lib/kinds): the resource hooks refresh theirs after a change. */
export const versionKeys = {
  all: (kind: VersionKind, id: string) => [kind, 'versions', id] as const,
  list: (kind: VersionKind, id: string) => [kind, 'versions', id, 'list'] as const,
  one: (kind: VersionKind, id: string, n: number) => [kind, 'versions', id, 'one', n] as const,
  diff: (kind: VersionKind, id: string, from: number, to: number) => [kind, 'versions', id, 'diff', from, to] as const,
};

/** Versions per page of a detail page's History tab. */
export const VERSION_PAGE = 50;

/** What uses a resource (./usage.ts). */
export const usageKey = (kind: string, id: string) => ['usage', kind, id] as const;

/** Every agent change of the company (GET /agents/history). */
export const agentHistoryKey = ['agents', 'history'] as const;

/** GET /squads/history, one squad's records when `squadId` is set. */
export const squadHistoryKey = (squadId?: string) => ['squads', 'history', squadId ?? ''] as const;

/** An AI model's latest `limit` changes (its detail page's "Recent changes"). */
export const modelChangesKey = (id: string, limit: number) => ['ai-models', 'history', id, limit] as const;
