// The console's API error (./api.ts throws it), in a module of its own: the sign-in and setup
// forms check it without loading the request path up front (decision 028).
import type { DependentRef, FieldError } from '@/lib/errors';

export class ApiClientError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  /** A refused delete's dependents (409), when the server listed them. */
  readonly dependents: DependentRef[];

  constructor(status: number, message: string, errors: FieldError[] = [], dependents: DependentRef[] = []) {
    super(message);
    this.name = 'ApiClientError';
    this.status = status;
    this.errors = errors;
    this.dependents = dependents;
  }

  /** A 400 that names fields (the form puts each message on its field). */
  get isValidation(): boolean {
    return this.status === 400 && this.errors.length > 0;
  }
}

/** Dispatched on window at every 403 (./api.ts): the role or sectors may have changed since the session was read (the shell reads it again). */
export const FORBIDDEN_EVENT = 'aoc:forbidden';
