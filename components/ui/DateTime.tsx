'use client';
// Dates as people read them: "3 minutes ago", with the exact time on hover and for screen readers.
import { useSyncExternalStore } from 'react';

const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function formatDateTime(iso: string): string {
  return absolute.format(new Date(iso));
}

export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

// One clock for every DateTime on the page, ticking once a minute while any is shown.
let clockNow = 0;
let clockTimer: ReturnType<typeof setInterval> | undefined;
const clockListeners = new Set<() => void>();

function subscribeClock(listener: () => void): () => void {
  clockListeners.add(listener);
  if (!clockTimer) {
    clockNow = Date.now();
    clockTimer = setInterval(() => {
      clockNow = Date.now();
      for (const notify of clockListeners) notify();
    }, 60_000);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) {
      clearInterval(clockTimer);
      clockTimer = undefined;
    }
  };
}

function readClock(): number {
  // Stable between ticks (React compares snapshots); a first subscriber refreshes it.
  if (clockNow === 0) clockNow = Date.now();
  return clockNow;
}

/** The page's clock (once a minute), or null in the server's render and hydration. */
export const useClock = (): number | null => useSyncExternalStore(subscribeClock, readClock, () => null);

export function DateTime({ iso, empty = 'Never' }: { iso: string | null | undefined; empty?: string }) {
  // Relative times depend on the clock: the server's render (and hydration) shows the exact
  // time, so server and client agree; the client then shows the relative one.
  const now = useClock();
  if (!iso) return <span className="muted">{empty}</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)} suppressHydrationWarning>
      {now === null ? formatDateTime(iso) : formatRelative(iso, now)}
    </time>
  );
}
