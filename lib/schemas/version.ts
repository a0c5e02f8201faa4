// Resource versions (decision 013): the query strings and path numbers of /api/{kind}/{id}/versions…
import { z } from 'zod';

const MAX_VERSION = 2_147_483_647;

/** A version number as it comes in a path or query: digits only, 1 or more. */
export const versionNumber = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a version number (1, 2, 3…)') })
  .trim()
  .max(10, 'must be a version number (1, 2, 3…)')
  .regex(/^\d+$/, 'must be a version number (1, 2, 3…)')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be a version number (1, 2, 3…)').max(MAX_VERSION, 'must be a version number (1, 2, 3…)'));

/** GET /api/{kind}/{id}/versions: `limit` 1–100 (default 20), `last` the previous page's `next`. */
export const versionsQuery = z.object({
  limit: z
    .string()
    .trim()
    .max(10, 'must be a whole number between 1 and 100')
    .regex(/^\d+$/, 'must be a whole number between 1 and 100')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100'))
    .default(20),
  last: z.string().trim().max(200, 'is not a cursor from a previous "next"').optional(),
});

/** GET /api/{kind}/{id}/versions/diff?from=&to= */
export const diffQuery = z.object({
  from: versionNumber,
  to: versionNumber,
});

export type VersionsQuery = z.output<typeof versionsQuery>;
