// Agent: the one schema shared by the API routes and the console's agent form.
import { z } from 'zod';
import { boolish, dateTime, numberish, reference, sectors, stringArray, text } from './common';

const uniqueRefs = (label: string) =>
  z.array(reference).refine((ids) => new Set(ids).size === ids.length, `must not list the same ${label} twice`);

/** The agent fields as the API receives them (POST /agents, PUT /agents/{id}). All required. */
export const agentFields = z.object({
  name: text(200),
  enabled: boolish,
  model: reference,
  auto: boolish,
  reasoning: boolish,
  publisher: text(200),
  temperature: numberish.pipe(z.number().min(0, 'must be between 0.0 and 1.0').max(1, 'must be between 0.0 and 1.0')),
  role: text(),
  objective: text(),
  referencies: text(),
  'can.delegate': boolish,
  can_code: boolish,
  multimodal: boolish,
  sectors,
  tools: uniqueRefs('tool'),
  knowledgeBases: uniqueRefs('knowledge base'),
});

/** D5: `can_delegate` is accepted as a spelling of `can.delegate`. */
export const agentInput = z.preprocess((body) => {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (record['can.delegate'] === undefined && record.can_delegate !== undefined) {
      return { ...record, 'can.delegate': record.can_delegate };
    }
  }
  return body;
}, agentFields);

export type AgentInput = z.output<typeof agentFields>;

/** An agent as the API answers it (references as ids). */
export const agentRecord = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  model: z.string().describe('The id of the AI model'),
  auto: z.boolean(),
  reasoning: z.boolean(),
  publisher: z.string(),
  temperature: z.number(),
  role: z.string(),
  objective: z.string(),
  referencies: z.string(),
  'can.delegate': z.boolean(),
  can_code: z.boolean(),
  multimodal: z.boolean(),
  sectors: stringArray,
  tools: stringArray.describe('Tool ids'),
  knowledgeBases: stringArray.describe('Knowledge base ids'),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export type AgentRecord = z.output<typeof agentRecord>;

export const agentHistoryRecord = z.object({
  id: z.string(),
  agentId: z.string(),
  action: z.string().describe('created agent, updated agent, enabled agent, disabled agent or deleted agent'),
  timestamp: dateTime,
  responsible: z.string(),
  responsibleId: z.string(),
});

export type AgentHistoryRecord = z.output<typeof agentHistoryRecord>;
