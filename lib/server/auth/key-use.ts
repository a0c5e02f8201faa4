// An API key's last use (D11, decision 083): `lastUsedAt` and `lastUsedFrom` are written at most
// once a minute per key and process, never once per request. This process remembers when it last
// wrote each key's use; a use within the minute after changes nothing. With several instances
// each writes at most once a minute per key (the row then shows whichever wrote last).
// Held on globalThis: Next's route bundles and the custom server share one map.
import { db } from '../db';
import { requestContext } from '../request-context';

export const KEY_USE_INTERVAL_MS = 60_000;
const MAX_ENTRIES = 10_000;

const KEY = Symbol.for('agent-orchestration.key-use');
const written = ((globalThis as unknown as Record<symbol, Map<string, number> | undefined>)[KEY] ??= new Map<string, number>());

/**
 * Whether this use of the key is one to write (none written by this process in the last minute);
 * if so, it counts as written from now. Answers the use to write: its time and address.
 */
export function keyUseDue(apiKeyId: string, now = Date.now()): { lastUsedAt: Date; lastUsedFrom: string | null } | null {
  const last = written.get(apiKeyId);
  if (last !== undefined && now - last < KEY_USE_INTERVAL_MS) return null;
  if (written.size >= MAX_ENTRIES) {
    for (const [id, at] of written) if (now - at >= KEY_USE_INTERVAL_MS) written.delete(id);
    if (written.size >= MAX_ENTRIES) written.clear();
  }
  written.set(apiKeyId, now);
  return { lastUsedAt: new Date(now), lastUsedFrom: requestContext.getStore()?.remoteAddress ?? null };
}

/**
 * Notes a use of the key through one of its tokens: when due, one UPDATE off the request's path
 * (the answer does not wait for it; a failure, e.g. the key removed meanwhile, is only logged).
 */
export function noteKeyUse(apiKeyId: string): void {
  const use = keyUseDue(apiKeyId);
  if (!use) return;
  db()
    .apiKey.updateMany({ where: { id: apiKeyId }, data: use })
    .catch((error: unknown) => console.warn(`[auth] could not record the last use of an API key: ${error instanceof Error ? error.name : 'error'}`));
}
