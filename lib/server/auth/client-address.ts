// The client's address, as the brute-force counters key it (D2, decision 009).
// Without TRUST_PROXY the socket's peer address is the client and X-Forwarded-For is ignored:
// anyone can send that header. With TRUST_PROXY=N (N reverse proxies in front of the app, each
// appending the address it received the request from), the client is the right-most address
// that none of those proxies is: the N-th entry of X-Forwarded-For from the right. Entries left
// of it were written by the client and are never trusted.
import { isIP } from 'node:net';

/** How many proxies TRUST_PROXY trusts: unset, "", "0", "false" → 0; "true" → 1; a number → that many. */
export function trustedHops(value: string | undefined = process.env.TRUST_PROXY): number {
  const v = (value ?? '').trim().toLowerCase();
  if (!v || v === '0' || v === 'false' || v === 'no' || v === 'off') return 0;
  if (v === 'true' || v === 'yes' || v === 'on') return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  warnOnce(value ?? '');
  return 0;
}

let warned = false;
function warnOnce(value: string): void {
  if (warned) return;
  warned = true;
  console.warn(`[server] TRUST_PROXY=${JSON.stringify(value.slice(0, 40))} is not a number of proxies nor true/false: X-Forwarded-For is ignored`);
}

/** An address as the counters key it: ports, brackets and the IPv4-mapped IPv6 prefix removed; null when it is none. */
export function normalizeAddress(raw: string | undefined | null): string | null {
  let a = (raw ?? '').trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  a = a.toLowerCase();
  if (a.startsWith('::ffff:') && isIP(a.slice(7)) === 4) a = a.slice(7);
  return isIP(a) ? a : null;
}

/**
 * The client address of a request whose socket peer is `socketAddress`, given its
 * X-Forwarded-For header(s) and the number of trusted proxies.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, hops = trustedHops()): string {
  const peer = normalizeAddress(socketAddress) ?? (socketAddress || 'unknown');
  if (hops <= 0 || !forwardedFor) return peer;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((e) => e.trim()).filter(Boolean);
  // Walk from the right through the entries the trusted proxies wrote; the hops-th is the client.
  // An entry that is no address (a misconfigured proxy) ends the walk at the last good one.
  let client = peer;
  for (let i = entries.length - 1, step = 1; i >= 0 && step <= hops; i--, step++) {
    const address = normalizeAddress(entries[i]);
    if (!address) break;
    client = address;
  }
  return client;
}

/** The client address of an incoming request (server.ts puts it in the request context). */
export function clientAddress(req: { socket: { remoteAddress?: string }; headers: Record<string, string | string[] | undefined> }): string {
  return resolveClientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for']);
}
