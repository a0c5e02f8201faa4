// D2: more than 20 wrong API keys or refresh tokens from one address within a minute answers 429.
import { ApiError } from '../../api/errors';

const WINDOW_MS = 60_000;
const MAX_FAILURES = 20;
const failures = new Map<string, number[]>();

function recent(address: string, now: number): number[] {
  const list = (failures.get(address) ?? []).filter((t) => now - t < WINDOW_MS);
  if (list.length) failures.set(address, list);
  else failures.delete(address);
  return list;
}

/** Throws 429 when the address has used up its failed attempts for the current minute. */
export function assertNotLimited(address: string): void {
  const list = recent(address, Date.now());
  if (list.length >= MAX_FAILURES) {
    const retryAfter = Math.max(1, Math.ceil((list[0] + WINDOW_MS - Date.now()) / 1000));
    throw new ApiError('rate_limited', 'Too many failed credential attempts; try again later', undefined, {
      'retry-after': String(retryAfter),
    });
  }
}

export function recordFailure(address: string): void {
  const list = recent(address, Date.now());
  list.push(Date.now());
  failures.set(address, list);
}
