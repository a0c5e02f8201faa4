// Value rules shared by every resource schema (D5): lenient booleans and numbers, trimmed
// strings, references by id or `{ id }`, sectors, coordinates. Used by the API and the forms.
import { z } from 'zod';

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
    if (issue.code === 'invalid_type') return `must be ${article(issue.expected)}`;
    return undefined;
  },
});

function article(expected: string): string {
  if (expected === 'array') return 'an array';
  if (expected === 'object') return 'an object';
  return `a ${expected}`;
}

/** An error message for a union: "is required" when absent, else `message`. */
const unionError = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message);

/** true/false, or the strings "true"/"false" (the spec's samples quote booleans). */
export const boolish = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: unionError('must be a boolean (true or false)') })
  .transform((v) => v === true || v === 'true');

/** The longest numeric string taken: far beyond any real number, short enough that no check on it costs anything. */
export const MAX_NUMERIC_STRING = 64;

/**
 * A decimal number in a string: optional sign, digits with an optional fraction (or a fraction
 * alone), optional exponent. Each part can match a character in one way only, so the pattern
 * never backtracks; the length is capped before it runs anyway.
 */
const NUMERIC = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

export const isNumericString = (value: string): boolean => value.length <= MAX_NUMERIC_STRING && NUMERIC.test(value);

/** A number, or a string holding one. */
export const numberish = z
  .union([z.number(), z.string().trim().refine(isNumericString)], { error: unionError('must be a number') })
  .transform(Number)
  .pipe(z.number().refine(Number.isFinite, 'must be a finite number'));

/** A required string: trimmed, not empty. */
export const text = (max = 10_000) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** An optional free text: trimmed, may be empty. */
export const freeText = (max = 100_000) => z.string().trim().max(max, `must be at most ${max} characters`);

export const stringList = (max = 200) =>
  z
    .array(z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'))
    .max(max, `must have at most ${max} items`);

export const sectors = stringList();

/** An http(s) URL (MCP server addresses, knowledge-base links). */
export const httpUrl = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

/** A reference to another resource: an id string or an object with an `id`; answered as the id. */
export const reference = z
  .union([z.string(), z.looseObject({ id: z.string() })], { error: unionError('must be an id string or an object with an "id"') })
  .transform((v) => (typeof v === 'string' ? v : v.id).trim())
  .pipe(z.string().min(1, 'must not be empty'));

export const coordinates = z.object({
  x: numberish,
  y: numberish,
  width: numberish.pipe(z.number().positive('must be positive')),
  height: numberish.pipe(z.number().positive('must be positive')),
});

/** Coordinates as the API answers them (numbers). */
export const coordinatesRecord = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export type Coordinates = z.output<typeof coordinatesRecord>;

// Shapes the API answers. Output-only schemas: they type the data layer (z.output) and document
// the responses (lib/api/openapi); nothing parses with them at run time.

/** An ISO 8601 date-time in UTC, as `Date.toISOString()` writes it. */
export const dateTime = z.iso.datetime();

export const stringArray = z.array(z.string());

/** `data: { id }` of creations and deletions. */
export const idRecord = z.object({ id: z.string() });

/** `data: { id, enabled }` of PUT /agents/{id}/enable and /squads/{id}/enable. */
export const enabledRecord = z.object({ id: z.string(), enabled: z.boolean() });

/** `?sector=` on every list endpoint (D4). */
export const listQuery = z.object({ sector: z.string().trim().min(1).optional() });

/** The most items one page of a list answers (D13). */
export const MAX_PAGE_LIMIT = 1000;

/**
 * D13's opt-in paging of the lists: `limit` (1–1,000) and `last`, the cursor of a previous page's
 * `Link: <…>; rel="next"`. Without `limit` a list answers whole, as before (`last` is then ignored,
 * as every unknown parameter always was).
 */
export const pageFields = {
  limit: numberish
    .pipe(
      z
        .number()
        .int('must be a whole number')
        .min(1, `must be between 1 and ${MAX_PAGE_LIMIT}`)
        .max(MAX_PAGE_LIMIT, `must be between 1 and ${MAX_PAGE_LIMIT}`),
    )
    .optional(),
  last: z.string().trim().max(1000, 'is not a cursor from a previous "next" link').optional(),
};

/** A list's query string: `?sector=` and D13's paging. */
export const listPageQuery = listQuery.extend(pageFields);

export const enableBody = z.object({ enabled: boolish });

export function hasSector(item: { sectors: unknown }, sector: string | undefined): boolean {
  return !sector || (Array.isArray(item.sectors) && item.sectors.includes(sector));
}
