// The console's one way to call the API. It sends the console header (the session cookie only
// counts with it), reads both envelope forms (`OK`/`ok`, `data` or a top-level `id`, bare
// arrays), throws ApiClientError with the server's message and field errors, and refreshes an
// expired session transparently: one refresh in flight at a time, then the request is retried
// once; when the session cannot be refreshed the person is sent to /sign-in.
import type { FieldError } from '@/lib/api/errors';
import { CONSOLE_HEADER, CONSOLE_HEADER_VALUE } from '@/lib/api/session-cookie';

export type { FieldError };

export class ApiClientError extends Error {
  readonly status: number;
  readonly errors: FieldError[];

  constructor(status: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiClientError';
    this.status = status;
    this.errors = errors;
  }

  /** A 400 that names fields (the form puts each message on its field). */
  get isValidation(): boolean {
    return this.status === 400 && this.errors.length > 0;
  }
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** A raw body (FormData for uploads); sent as is. */
  rawBody?: BodyInit;
  signal?: AbortSignal;
  /** false for the session endpoints themselves: a 401 there is an answer, not an expired session. */
  refresh?: boolean;
  /** Extra request headers (e.g. `if-match`). */
  headers?: Record<string, string>;
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

/** The payload of a success answer: a bare array, `data`, or the rest of the envelope (`{ status: "OK", id }`). */
export function unwrap<T>(status: number, body: unknown): T {
  if (isRecord(body) && body.status === 'ERROR') {
    const message = typeof body.message === 'string' && body.message ? body.message : `Request failed (${status})`;
    throw new ApiClientError(status, message, fieldErrors(body.errors));
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

let refreshing: Promise<boolean> | null = null;
let leaving = false;

/**
 * Rotates the session cookies; concurrent callers share the one request in flight, and tabs of
 * the same browser take turns (Web Locks): two rotations of one refresh token would be taken for
 * token theft and sign the person out everywhere (decision 009).
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const rotate = () =>
    fetch('/api/session/refresh', { method: 'POST', headers: { [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE }, credentials: 'same-origin' })
      .then((res) => res.ok)
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
export function leaveForSignIn(): void {
  if (typeof window === 'undefined' || leaving) return;
  if (window.location.pathname === '/sign-in' || window.location.pathname === '/setup') return;
  leaving = true;
  const here = window.location.pathname + window.location.search;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full page load on purpose: nothing of the session stays in memory
  window.location.assign(`/sign-in?next=${encodeURIComponent(here)}`);
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, [CONSOLE_HEADER]: CONSOLE_HEADER_VALUE, accept: 'application/json' };
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(`/api${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiClientError(0, 'Cannot reach the server; check your connection and try again');
  }
}

async function read(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Calls `/api${path}` and answers the payload; throws ApiClientError on any failure. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  let res = await send(path, options);
  if (res.status === 401 && options.refresh !== false) {
    if (await refreshSession()) res = await send(path, options);
    if (res.status === 401) {
      leaveForSignIn();
      throw new ApiClientError(401, 'Your session has ended; please sign in again');
    }
  }
  return unwrap<T>(res.status, await read(res));
}

/** Uploads with progress (fetch cannot report upload progress): XMLHttpRequest with the same rules. */
export function upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void, method: 'PUT' | 'POST' = 'PUT'): Promise<T> {
  const attempt = () =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, `/api${path}`);
      xhr.setRequestHeader(CONSOLE_HEADER, CONSOLE_HEADER_VALUE);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onload = () => {
        let body: unknown;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject(new ApiClientError(0, 'Cannot reach the server; check your connection and try again'));
      xhr.send(form);
    });
  return (async () => {
    let res = await attempt();
    if (res.status === 401) {
      if (await refreshSession()) res = await attempt();
      if (res.status === 401) {
        leaveForSignIn();
        throw new ApiClientError(401, 'Your session has ended; please sign in again');
      }
    }
    onProgress(1);
    return unwrap<T>(res.status, res.body);
  })();
}
