// D13: a list's answer, whole or one page (decision 040). A page is the same bare array or
// envelope as the whole list, with at most `limit` items, and a `Link: <…>; rel="next"` header
// while more remain. The link is the request's own path and query with `last` set to the next
// page's cursor (a relative reference, RFC 8288 §3.1, so it holds behind any proxy).
import type { ListPage, PageRequest } from '../server/list-page';
import { pageRequest } from '../server/list-page';

/** The `Link` header value of the page after the one `url` asked for. */
export function nextPageLink(url: URL, next: string): string {
  const params = new URLSearchParams(url.searchParams);
  params.set('last', next);
  return `<${url.pathname}?${params.toString()}>; rel="next"`;
}

/**
 * The answer of a list endpoint: `whole()` wrapped without `limit` (exactly as before), else the
 * page `paged(page)` wrapped, with its next link.
 */
export async function listAnswer(
  url: URL,
  query: { limit?: number; last?: string },
  wrap: (json: string) => Response,
  whole: () => Promise<string>,
  paged: (page: PageRequest) => Promise<ListPage>,
): Promise<Response> {
  const page = pageRequest(query);
  if (!page) return wrap(await whole());
  const { json, next } = await paged(page);
  const response = wrap(json);
  if (next) response.headers.set('link', nextPageLink(url, next));
  return response;
}
