// Environment-derived settings, read in one place.
import path from 'node:path';

export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** An invitation or password-reset link is valid this long (D11: 72 hours). */
export const LINK_TTL_SECONDS = 72 * 3600;

/**
 * The origin links to the console are built on (invitations, password resets): PUBLIC_URL when
 * set (e.g. behind a proxy), else `fallback` (the request's origin; the command line's default).
 */
export const publicOrigin = (fallback: string): string => (process.env.PUBLIC_URL?.trim() || fallback).replace(/\/+$/, '');

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || path.join(process.cwd(), 'data'));
}

export function filesDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.FILES_DIR || path.join(dataDir(), 'files'));
}

export type DatabaseTarget = { provider: 'sqlite'; file: string; url: string } | { provider: 'postgresql'; url: string };

/** Whether `url` names a PostgreSQL database (anything else is a SQLite file). */
export const isPostgresUrl = (url = process.env.DATABASE_URL): boolean => !!url && /^postgres(ql)?:\/\//.test(url);

/** DATABASE_URL selects the database: postgres(ql):// for PostgreSQL, file: (or nothing) for SQLite under ./data. */
export function databaseTarget(url = process.env.DATABASE_URL): DatabaseTarget {
  if (url && isPostgresUrl(url)) return { provider: 'postgresql', url };
  const file = url ? path.resolve(/*turbopackIgnore: true*/ url.replace(/^file:/, '')) : path.join(dataDir(), 'app.db');
  return { provider: 'sqlite', file, url: `file:${file}` };
}
