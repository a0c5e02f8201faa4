// Optimistic concurrency for the squad designer (D7): the version travels as an ETag and comes
// back in If-Match.
import { ApiError } from '../../errors';

/**
 * The versions named by an If-Match header (`"3"`, `3`, `W/"3"`, or a comma list), or undefined
 * when the header is absent or `*` (the write then proceeds unconditionally).
 */
export function expectedVersions(header: string | null): number[] | undefined {
  const value = header?.trim();
  if (!value || value === '*') return undefined;
  return value.split(',').map((part) => {
    const tag = part.trim().replace(/^W\//i, '').replace(/^"(.*)"$/, '$1');
    if (!/^\d{1,15}$/.test(tag)) throw new ApiError('validation', 'If-Match must name a squad version, e.g. If-Match: "3"');
    return Number(tag);
  });
}

/** Adds `ETag: "<version>"` to an answer that carries the squad. */
export function withVersionTag(response: Response, version: number): Response {
  response.headers.set('etag', `"${version}"`);
  return response;
}
