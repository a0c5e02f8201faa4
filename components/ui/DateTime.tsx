'use client';
// Dates as people read them: "3 minutes ago", with the exact time on hover and for screen readers.
import { useEffect, useState } from 'react';

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

export function DateTime({ iso, empty = 'Never' }: { iso: string | null | undefined; empty?: string }) {
  // Relative times depend on the clock: render them after mounting so server and client agree.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (!iso) return <span className="muted">{empty}</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {now === null ? formatDateTime(iso) : formatRelative(iso, now)}
    </time>
  );
}
