// AI model: the schemas shared by the API routes and the console's model form (D4, D10).
import { z } from 'zod';
import { HISTORY_FIELDS } from './history-values';
import { apikeyProblem, PROVIDER_KEYS } from '../catalog/providers';
import { boolish, dateTime, numberish, pageFields, sectors, stringArray, text } from './common';

/** `environment` of the model endpoints: both members optional; `company` must be the caller's. */
export const environmentSchema = z.object({
  company: text(200).optional(),
  sector: text(200).optional(),
});

export type Environment = z.output<typeof environmentSchema>;

/** Query string of GET /ai-models: the environment and D13's paging. */
export const environmentListQuery = environmentSchema.extend(pageFields);

/** A provider key. Zod messages never echo the value, so an error cannot leak it. Its failures
 * abort, so the provider rule below does not add a second message for the same field. */
export const apikey = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty', abort: true })
  .max(2000, { error: 'must be at most 2000 characters', abort: true });

const provider = z
  .string()
  .trim()
  .pipe(z.enum(PROVIDER_KEYS, { error: `must be one of: ${PROVIDER_KEYS.join(', ')}` }));

/** The model fields as the API receives them; `apikey` absent or null means "no key". */
export const aiModelFields = z.object({
  name: text(200),
  sectors,
  description: text(),
  enabled: boolish,
  provider,
  model: text(200),
  apikey: apikey.nullable().optional(),
});

/** Creation: every field but `apikey` required; the provider decides whether `apikey` is. */
export const aiModelCreateFields = aiModelFields.superRefine((m, ctx) => {
  const problem = apikeyProblem(m.provider, Boolean(m.apikey));
  if (problem) ctx.addIssue({ code: 'custom', path: ['apikey'], message: problem });
});

/** Update: partial; an absent `apikey` keeps the stored key, `null` removes it. */
export const aiModelUpdateFields = aiModelFields.partial();

export const aiModelCreateBody = z.object({ model: aiModelCreateFields, environment: environmentSchema.optional() });
export const aiModelUpdateBody = z.object({ model: aiModelUpdateFields, environment: environmentSchema.optional() });

/** The JSON body a GET may carry: `{ environment }`. */
export const environmentBody = z.object({ environment: environmentSchema.optional() });

export type { HistoryField } from './history-values';

/** Query string of GET /ai-models/history and /ai-models/{id}/history (plus the environment). */
export const historyQuery = environmentSchema.extend({
  limit: numberish
    .pipe(z.number().int('must be a whole number').min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100'))
    .default(20),
  field: z.enum(HISTORY_FIELDS, { error: `must be one of: ${HISTORY_FIELDS.join(', ')}` }).default('date'),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  last: z.string().trim().optional(),
});

export type AiModelInput = z.output<typeof aiModelFields>;
export type AiModelUpdate = z.output<typeof aiModelUpdateFields>;
export type HistoryQuery = z.output<typeof historyQuery>;

/** An AI model as the API answers it. */
export const aiModelRecord = z.object({
  id: z.string(),
  name: z.string(),
  sectors: stringArray,
  description: z.string(),
  enabled: z.boolean(),
  provider: z.string(),
  model: z.string(),
  apikey: z.string().nullable().describe('Always masked (D10); null when the model has no key'),
  version: z.number().int(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export type AiModelRecord = z.output<typeof aiModelRecord>;

export const aiModelHistoryRecord = z.object({
  id: z.string(),
  modelId: z.string(),
  responsible: z.string(),
  responsibleId: z.string(),
  action: z.string().describe('created model, updated model or deleted model'),
  type: z.string(),
  date: dateTime,
  versionControl: z.string(),
});

export type AiModelHistoryRecord = z.output<typeof aiModelHistoryRecord>;

export const aiModelHistoryPage = z.object({
  items: z.array(aiModelHistoryRecord),
  next: z.string().describe('Cursor for `last` to read the next page; empty when there is none'),
});

export type AiModelHistoryPage = z.output<typeof aiModelHistoryPage>;

/** GET /ai-models/providers: a provider and whether it requires or refuses an `apikey`. */
export const providerRecord = z.object({ key: z.string(), name: z.string(), apikey: z.enum(['required', 'forbidden']) });

export const AI_MODEL_ACTIONS = ['created model', 'updated model', 'deleted model'] as const;
