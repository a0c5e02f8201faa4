// The envelopes the API wraps its answers in (lib/api/envelope.ts writes them), as zod schemas for
// the OpenAPI document. The spec's quirks are kept exactly: `status: "OK"` in general, `"ok"` on
// the AI-model reads, bare arrays (GET /agents, GET /agents/history), a top-level `id` (POST /ai-models).
import { z, type ZodType } from 'zod';
import { dependentRefRecord } from '../../schemas/usage';

/** `{ status: "OK", data }` — the usual envelope. */
export const okEnvelope = <T extends ZodType>(data: T) => z.object({ status: z.literal('OK'), data });

/** `{ status: "ok", data }` — the AI-model reads spell the status in lower case. */
export const okLowerEnvelope = <T extends ZodType>(data: T) => z.object({ status: z.literal('ok'), data });

/** `{ status: "OK", id }` — POST /ai-models puts the new id at the top level, with no `data`. */
export const topLevelIdEnvelope = z.object({ status: z.literal('OK'), id: z.string() });

export const fieldError = z.object({
  path: z.string().describe('Dotted path of the field, e.g. `squad.tasks.0.dependsOn`; `(body)` for the body as a whole'),
  message: z.string(),
});

/** The D2 error envelope of every failure; `errors[]` only on a validation failure (400). */
export const errorEnvelope = z.object({
  status: z.literal('ERROR'),
  code: z.enum(['client/error', 'server/error']).describe('`server/error` for 5xx, else `client/error`'),
  data: z.null(),
  message: z.string(),
  errors: z.array(fieldError).optional(),
});

/** The 409 of a delete refused because something uses the resource: the error envelope plus `dependents`. */
export const inUseErrorEnvelope = errorEnvelope.extend({
  dependents: z.array(dependentRefRecord).describe('What uses the resource (the first 50), sorted by name; the message names the first 5'),
});
