// The one typed error of the API and the one table that maps each kind to its HTTP status and code.
import type { DependentRef } from './schemas/usage';

export type ErrorKind =
  | 'malformed'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  | 'server'
  | 'unavailable';

export type FieldError = { path: string; message: string };

/** A resource that uses another (where used, and the 409 of a delete that would break a reference). */
export type { DependentRef };

const TABLE: Record<ErrorKind, { status: number; code: 'client/error' | 'server/error' }> = {
  malformed: { status: 400, code: 'client/error' },
  validation: { status: 400, code: 'client/error' },
  unauthorized: { status: 401, code: 'client/error' },
  forbidden: { status: 403, code: 'client/error' },
  not_found: { status: 404, code: 'client/error' },
  method: { status: 405, code: 'client/error' },
  conflict: { status: 409, code: 'client/error' },
  too_large: { status: 413, code: 'client/error' },
  unsupported_media: { status: 415, code: 'client/error' },
  rate_limited: { status: 429, code: 'client/error' },
  server: { status: 500, code: 'server/error' },
  unavailable: { status: 503, code: 'server/error' },
};

export class ApiError extends Error {
  readonly kind: ErrorKind;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  /** A refused delete's dependents (the first few), answered beside the message as `dependents`. */
  dependents?: DependentRef[];

  constructor(kind: ErrorKind, message: string, errors?: FieldError[], headers?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.errors = errors;
    this.headers = headers;
  }

  get status(): number {
    return TABLE[this.kind].status;
  }

  get code(): 'client/error' | 'server/error' {
    return TABLE[this.kind].code;
  }
}

export const notFound = (what: string): ApiError => new ApiError('not_found', `${what} not found`);

/** A 400 naming one field, for rules checked outside a zod schema (references, graph rules). */
export const invalidField = (path: string, message: string): ApiError =>
  new ApiError('validation', `Invalid value for "${path}": ${message}`, [{ path, message }]);

export const invalidFields = (errors: FieldError[]): ApiError =>
  new ApiError(
    'validation',
    errors.length === 1
      ? `Invalid value for "${errors[0].path}": ${errors[0].message}`
      : `Invalid values for ${errors.map((e) => `"${e.path}"`).join(', ')}`,
    errors,
  );
