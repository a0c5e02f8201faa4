// Query keys shared by the browser's hooks (./resource.ts) and the server's first-page prefetch
// (lib/server/prefetch.tsx): both must name a list the same way for hydration to find it.
export const listKey = (key: string) => [key, 'list'] as const;
/** A list read in pages of LIST_PAGE_SIZE (D13) by the list pages: react-query's InfiniteData of ListPage. */
export const pagedListKey = (key: string) => [key, 'pages'] as const;
/** Items per page of the console's list pages: a company with at most this many of a kind has one page. */
export const LIST_PAGE_SIZE = 1000;
/** One page as the list pages keep it: the items and the path of the next page (null on the last). */
export type ListPage<T> = { items: T[]; next: string | null };

export const PROVIDERS_KEY = ['ai-model-providers'] as const;

/** The signed-in person's queries (./session.ts). */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => ['session', 'me'] as const,
  setupStatus: () => ['session', 'setup-status'] as const,
};
