// Turns zod failures into the API's 400 with `errors: [{ path, message }]`.
import type { ZodType } from 'zod';
import { ApiError, invalidFields, type FieldError } from '../errors';

export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  if (value === undefined) throw new ApiError('validation', 'Request body is required');
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidIssues(result.error.issues);
}

/** The 400 naming each issue's field. */
function invalidIssues(issues: readonly { path: PropertyKey[]; message: string }[]): ApiError {
  const errors: FieldError[] = issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  return invalidFields(errors);
}

/** `parseWith` for a parse done in steps (the bundle import's, decision 095): the same 400s. */
export async function parseInSteps<T>(
  value: unknown,
  parse: (value: unknown) => Promise<{ success: true; data: T } | { success: false; issues: readonly { path: PropertyKey[]; message: string }[] }>,
): Promise<T> {
  if (value === undefined) throw new ApiError('validation', 'Request body is required');
  const result = await parse(value);
  if (result.success) return result.data;
  throw invalidIssues(result.issues);
}

