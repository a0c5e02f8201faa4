// The one translation of Prisma's errors that concurrent requests can cause into API errors:
// a row gone between check and write (404), a reference gained or lost meanwhile (409), a
// unique value taken (409). Used by the data layer and, as a last resort, by the route wrapper.
import { ApiError } from '../errors';

/** The database's own codes for a taken unique value and a broken foreign key, as Prisma's. */
const DRIVER_CODES: Record<string, string> = {
  UniqueConstraintViolation: 'P2002',
  ForeignKeyConstraintViolation: 'P2003',
  '23505': 'P2002', // PostgreSQL, through pg directly (./store/postgres)
  '23503': 'P2003',
  SQLITE_CONSTRAINT_UNIQUE: 'P2002', // SQLite, through better-sqlite3 directly (./store/sqlite)
  SQLITE_CONSTRAINT_PRIMARYKEY: 'P2002',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'P2003',
};

/**
 * Prisma's code for an error (P2025…). A raw statement's failure (P2010, decision 026's plain
 * INSERTs) and a driver's own error count as the query API's code for the same cause, so every
 * write path maps a taken unique value or a lost reference the same way.
 */
export function prismaErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (code === 'P2010') {
    const meta = (error as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta;
    const kind = meta?.driverAdapterError?.cause?.kind;
    return (typeof kind === 'string' && DRIVER_CODES[kind]) || code;
  }
  if (/^P\d{4}$/.test(code)) return code;
  return Object.hasOwn(DRIVER_CODES, code) ? DRIVER_CODES[code] : undefined;
}

export function translatePrismaError(error: unknown, resource = 'Resource'): unknown {
  switch (prismaErrorCode(error)) {
    case 'P2025':
      return new ApiError('not_found', `${resource} not found`);
    case 'P2003':
    case 'P2014':
      return new ApiError('conflict', `${resource} is referenced by another resource, or refers to one that was just deleted; reload and try again`);
    case 'P2002':
      return new ApiError('conflict', `${resource} conflicts with an existing one`);
    case 'P2028':
      // A write that waited its whole turn (SQLite's one writer busy with a long import, decision 086).
      return new ApiError('unavailable', 'The database is busy with a long write; try again in a moment', undefined, { 'retry-after': '5' });
    default:
      return error;
  }
}

/** For `.catch(...)` on a data-layer write: `transaction(...).catch(rethrowPrismaError('Tool'))`. */
export const rethrowPrismaError =
  (resource: string) =>
  (error: unknown): never => {
    throw translatePrismaError(error, resource);
  };

/** The first line of a message that says something (Prisma's messages start with a blank line). */
const firstLine = (message: string): string => message.split('\n').map((line) => line.trim()).find(Boolean) ?? '';

/**
 * How an unexpected error is logged: its class and the first line of its message, and for
 * Prisma's errors also the code (P2029...), the model and the driver's error kind. The first line
 * of a Prisma message names the call ("Invalid `prisma.agent.findMany()` invocation"); the lines
 * after it, which can quote the query's arguments, and `meta`'s free text are left out, so no
 * request value (a body, a provider key) reaches the log.
 */
export function describeUnexpectedError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown';
  const line = firstLine(error.message);
  if (!error.name.startsWith('PrismaClient')) return `${error.name}: ${line}`;
  const meta = (error as { meta?: Record<string, unknown> }).meta ?? {};
  const cause = (meta.driverAdapterError as { cause?: Record<string, unknown> } | undefined)?.cause;
  const facts = [
    prismaErrorCode(error),
    typeof meta.modelName === 'string' ? `model ${meta.modelName}` : undefined,
    typeof cause?.kind === 'string' ? `driver ${cause.kind}` : undefined,
    typeof cause?.originalCode === 'string' ? `database code ${cause.originalCode}` : undefined,
  ].filter(Boolean);
  return `${error.name}${facts.length ? ` [${facts.join(', ')}]` : ''}: ${line}`;
}
