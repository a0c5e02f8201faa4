// Where to go after signing in: only a path of this site. `next` comes from the address bar, so it
// is resolved the way a browser would resolve it (tabs and newlines dropped, `\` read as `/`, dot
// segments removed) against a placeholder origin, and kept only when it stays on that origin.
const HOME = '/';

/** Set by server.ts on every request to the page asked for (path and query), for the sign-in redirect. */
export const REQUESTED_PATH_HEADER = 'x-console-requested-path';
const ORIGIN = 'http://console.invalid';
const MAX_LENGTH = 2048;

export function safeNext(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value || value.length > MAX_LENGTH || !value.startsWith('/')) return HOME;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return HOME;
  }
  // A path that resolves to `//host/...` would be read by the browser as another origin.
  if (url.origin !== ORIGIN || url.pathname.startsWith('//') || url.pathname === '/api' || url.pathname.startsWith('/api/')) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}
