// The HTTP side of the kind registry (lib/kinds): a kind named by a request path, and a record
// answered as the kind's detail GET answers it (D2, D6, D7: the envelope's spelling, `{ Agent }`,
// the ETag).
import 'server-only';
import { findKind, type Kind } from '../kinds';
import { ApiError } from '../errors';
import { ok, okJson, okLower, okLowerJson } from './envelope';

/** The 404 any unknown path under /api answers. */
export const noSuchEndpoint = (): ApiError => new ApiError('not_found', 'No such endpoint');

/** The kind of the `[kind]` segment of a route, or the 404 any unknown path answers. */
export function pathKind(segment: string): Kind {
  const kind = findKind(segment);
  if (!kind) throw noSuchEndpoint();
  return kind;
}

/** `record` in the envelope of its kind's detail GET. */
export function detailAnswer(kind: Kind, record: unknown): Response {
  const { status, wrap, etag } = kind.detail;
  const data = wrap ? { [wrap]: record } : record;
  const response = status === 'ok' ? okLower(data) : ok(data);
  if (etag) response.headers.set('etag', `"${(record as { version: number }).version}"`);
  return response;
}

/** The same from the record's JSON text as the database wrote it (lib/server/store); `version` its ETag (decision 050). */
export function detailJsonAnswer(kind: Kind, json: string, version?: number): Response {
  const { status, wrap } = kind.detail;
  const data = wrap ? `{${JSON.stringify(wrap)}:${json}}` : json;
  const response = status === 'ok' ? okLowerJson(data) : okJson(data);
  if (version !== undefined) response.headers.set('etag', `"${version}"`);
  return response;
}
