// The console's one request path: every call to the API goes through `api()` (the session
// refresh too, through the same transport). It sends the console header (the session cookie only
// counts with it) and the cookies, reads both envelope forms (`OK`/`ok`, `data` or a top-level
// `id`, bare arrays), throws ApiClientError with the server's message and field errors, and
// refreshes an expired session transparently: one refresh in flight at a time (Web Locks across
// tabs), then the request is retried once; when the session cannot be refreshed the person is
// sent to /sign-in. Uploads that report progress take the same path over XMLHttpRequest.
import type { DependentRef, FieldError } from '@/lib/errors';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '@/lib/api/session-cookie';
import { ApiClientError, FORBIDDEN_EVENT } from './api-error';

export type { DependentRef, FieldError };
export { ApiClientError };

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** A raw body (FormData for uploads); sent as is. */
  rawBody?: XMLHttpRequestBodyInit;
  /** More request headers (e.g. `if-match`); the console header and `accept` are always sent. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for the session endpoints themselves: a 401 there is an answer, not an expired session. */
  refresh?: boolean;
  /** Reports 0…1 while the body is sent (fetch cannot report upload progress: XMLHttpRequest then). */
  onUploadProgress?: (fraction: number) => void;
  /** Receives the version named by the answer's ETag (null when it names none). */
  onVersion?: (version: number | null) => void;
  /** Gives up after this many milliseconds with a message that says so (saves: decision 052). */
  timeoutMs?: number;
};

type Envelope = { status?: unknown; data?: unknown; message?: unknown; errors?: unknown; [key: string]: unknown };

function isRecord(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is FieldError => isRecord(e) && typeof e.path === 'string' && typeof e.message === 'string')
    .map((e) => ({ path: e.path, message: e.message }));
}

function dependentRefs(value: unknown): DependentRef[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((d): d is DependentRef => isRecord(d) && (d.kind === 'agent' || d.kind === 'squad') && typeof d.id === 'string' && typeof d.name === 'string')
    .map((d) => ({ kind: d.kind, id: d.id, name: d.name }));
}

/** The payload of a success answer: a bare array, `data`, or the rest of the envelope (`{ status: "OK", id }`). */
function unwrap<T>(status: number, body: unknown): T {
  if (isRecord(body) && body.status === 'ERROR') {
    const message = typeof body.message === 'string' && body.message ? body.message : `Request failed (${status})`;
    throw new ApiClientError(status, message, fieldErrors(body.errors), dependentRefs(body.dependents));
  }
  if (status >= 400) throw new ApiClientError(status, `Request failed (${status})`);
  if (Array.isArray(body)) return body as T;
  if (isRecord(body) && typeof body.status === 'string' && body.status.toUpperCase() === 'OK') {
    if ('data' in body) return body.data as T;
    const { status: _status, ...rest } = body;
    return rest as T;
  }
  return body as T;
}

/** An answer as the request path reads it: the status and the parsed JSON body (undefined when none or not JSON). */
type Answer = { status: number; body: unknown; etag: string | null; link?: string | null };

const unreachable = () => new ApiClientError(0, 'Cannot reach the server; check your connection and try again');
const tooSlow = (ms: number) => new ApiClientError(0, `The server did not answer within ${Math.round(ms / 1000)} seconds; it may or may not have done it`);

/** The version an ETag names (`"3"`, `W/"3"`), or null. */
function etagVersion(etag: string | null): number | null {
  const match = etag ? /^(?:W\/)?"?(\d+)"?$/.exec(etag.trim()) : null;
  return match ? Number(match[1]) : null;
}
const sessionEnded = () => new ApiClientError(401, 'Your session has ended; please sign in again');

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function requestHeaders(options: ApiOptions): Record<string, string> {
  const headers: Record<string, string> = { ...options.headers, [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

const requestBody = (options: ApiOptions) => (options.body !== undefined ? JSON.stringify(options.body) : options.rawBody);

/** One attempt over fetch. Throws ApiClientError (status 0) when the server cannot be reached, or the AbortError. */
async function sendFetch(path: string, options: ApiOptions): Promise<Answer> {
  let res: Response;
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signal = timeout && options.signal ? AbortSignal.any([options.signal, timeout]) : (timeout ?? options.signal);
  try {
    res = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers: requestHeaders(options),
      body: requestBody(options),
      signal,
      credentials: 'same-origin',
    });
    return { status: res.status, body: parse(await res.text()), etag: res.headers.get('etag'), link: res.headers.get('link') };
  } catch (error) {
    if (timeout?.aborted && !options.signal?.aborted) throw tooSlow(options.timeoutMs!);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unreachable();
  }
}

/** One attempt over XMLHttpRequest, reporting upload progress; same rules as sendFetch. */
function sendXhr(path: string, options: ApiOptions, onProgress: (fraction: number) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason);
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'GET', `/api${path}`);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(requestHeaders(options))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText), etag: xhr.getResponseHeader('etag') });
    xhr.onerror = () => reject(unreachable());
    const abort = () => xhr.abort();
    xhr.onabort = () => reject(options.signal?.reason ?? new DOMException('The request was aborted', 'AbortError'));
    options.signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => options.signal?.removeEventListener('abort', abort);
    xhr.send(requestBody(options) ?? null);
  });
}

const attempt = (path: string, options: ApiOptions): Promise<Answer> =>
  options.onUploadProgress ? sendXhr(path, options, options.onUploadProgress) : sendFetch(path, options);

let refreshing: Promise<boolean> | null = null;
let leaving = false;

/**
 * Rotates the session cookies; concurrent callers share the one request in flight, and tabs of
 * the same browser take turns (Web Locks): two rotations of one refresh token would be taken for
 * token theft and sign the person out everywhere (decision 009).
 */
function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const rotate = () =>
    sendFetch('/session/refresh', { method: 'POST' })
      .then((res) => res.status >= 200 && res.status < 300)
      .catch(() => false);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // request() resolves to what the callback's promise resolves to (typed as the promise itself).
  const turn = locks ? (locks.request('aoc-session-refresh', rotate) as unknown as Promise<boolean>) : rotate();
  refreshing = turn.finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Leaves the console with a full page load (nothing of the session stays in memory). */
export function leaveTo(url: string): void {
  leaving = true;
  window.location.replace(url);
}

/** The session is gone: go to the sign-in page, coming back here afterwards. */
function leaveForSignIn(): void {
  if (typeof window === 'undefined' || leaving) return;
  if (window.location.pathname === '/sign-in' || window.location.pathname === '/setup') return;
  leaving = true;
  const here = window.location.pathname + window.location.search;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full page load on purpose: nothing of the session stays in memory
  window.location.assign(`/sign-in?ended=1&next=${encodeURIComponent(here)}`);
}

/**
 * Calls `/api${path}` and answers the payload; throws ApiClientError on any failure (or the
 * AbortError of `signal`). The one request path of the console: see the top of this file.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiPage<T>(path, options)).data;
}

/**
 * Downloads the file answer of `/api${path}` (the console header and cookies sent, an expired
 * session refreshed once, as `api` does) and hands it to the browser to save as `filename`.
 * Throws ApiClientError with the server's message when there is no file.
 */
export async function apiDownload(path: string, filename: string): Promise<void> {
  const get = () =>
    fetch(`/api${path}`, { headers: { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE }, credentials: 'same-origin' }).catch(() => {
      throw unreachable();
    });
  let res = await get();
  if (res.status === 401 && (await refreshSession())) res = await get();
  if (res.status === 401) leaveForSignIn();
  if (!res.ok) unwrap(res.status, parse(await res.text()));
  saveBlob(await res.blob(), filename);
}

/** Hands `blob` to the browser to save as `filename` (a download, not a navigation). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The path under /api of a `Link: </api/…>; rel="next"` header (D13's paged lists), or null. */
function nextPagePath(link: string | null | undefined): string | null {
  const match = link ? /<\/api(\/[^>]*)>\s*;\s*rel="next"/.exec(link) : null;
  return match ? match[1] : null;
}

/** As `api`, with the path of the next page when the answer is a page of a list (its `Link` header). */
export async function apiPage<T>(path: string, options: ApiOptions = {}): Promise<{ data: T; next: string | null }> {
  let res = await attempt(path, options);
  if (res.status === 401 && options.refresh !== false) {
    if (await refreshSession()) res = await attempt(path, options);
    if (res.status === 401) {
      leaveForSignIn();
      throw sessionEnded();
    }
  }
  options.onUploadProgress?.(1);
  if (res.status === 403 && typeof window !== 'undefined') window.dispatchEvent(new Event(FORBIDDEN_EVENT));
  const data = unwrap<T>(res.status, res.body);
  options.onVersion?.(etagVersion(res.etag));
  return { data, next: nextPagePath(res.link) };
}

/**
 * A streamed answer (the activity export): the Response, its body unread, after the same console
 * header, session refresh and error envelope handling as `api` (an error answer throws).
 */
export async function apiStream(path: string, options: Pick<ApiOptions, 'signal'> = {}): Promise<Response> {
  const send = async () => {
    try {
      return await fetch(`/api${path}`, { headers: requestHeaders({}), signal: options.signal, credentials: 'same-origin' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw unreachable();
    }
  };
  let res = await send();
  if (res.status === 401 && (await refreshSession())) res = await send();
  if (res.status === 401) {
    leaveForSignIn();
    throw sessionEnded();
  }
  if (!res.ok || !res.body) unwrap(res.status, parse(await res.text()));
  return res;
}
