// Turns zod failures into the API's 400 with `errors: [{ path, message }]`.
import type { ZodType } from 'zod';
import { ApiError, invalidFields, type FieldError } from '../errors';

export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  if (value === undefined) throw new ApiError('validation', 'Request body is required');
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  throw invalidFields(errors);
}

