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
