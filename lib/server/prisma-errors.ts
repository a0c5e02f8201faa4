// The one translation of Prisma's errors that concurrent requests can cause into API errors:
// a row gone between check and write (404), a reference gained or lost meanwhile (409), a
// unique value taken (409). Used by the data layer and, as a last resort, by the route wrapper.
import { ApiError } from '../api/errors';

export function prismaErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^P\d{4}$/.test(code) ? code : undefined;
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
