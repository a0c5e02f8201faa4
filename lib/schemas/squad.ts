// Squad: the one schema shared by the API routes and the console's squad designer. The graph
// rules (D7) run inside the schema, so the designer validates a canvas exactly as the API does.
import { z } from 'zod';
import { SQUAD_HISTORY_TYPES } from './history-values';
import { graphProblems } from '../graph/rules';
import { boolish, coordinates, coordinatesRecord, dateTime, reference, sectors, stringArray, text } from './common';
import { SQUAD_ORDERS } from './form-values';

export { SQUAD_ORDERS };
export type SquadOrder = (typeof SQUAD_ORDERS)[number];

export const MAX_SQUAD_TASKS = 2000;

const taskId = text(200);

export const squadTask = z.object({
  id: taskId,
  agent: reference,
  name: text(200),
  objective: text(),
  /** Absent means no dependencies (the spec's sample sends an empty array). */
  dependsOn: z.array(taskId).max(MAX_SQUAD_TASKS, `must have at most ${MAX_SQUAD_TASKS} items`).default([]),
  coordinates,
});

/** The tasks of a squad with D7's graph rules: unique ids, known dependencies, no self-dependency, no cycle. */
export const squadTasks = z
  .array(squadTask)
  .max(MAX_SQUAD_TASKS, `must have at most ${MAX_SQUAD_TASKS} tasks`)
  .superRefine((tasks, ctx) => {
    for (const problem of graphProblems(tasks)) {
      const path: (string | number)[] =
        problem.kind === 'duplicate-id'
          ? [problem.index, 'id']
          : problem.kind === 'cycle'
            ? [problem.index, 'dependsOn']
            : [problem.index, 'dependsOn', problem.depIndex];
      ctx.addIssue({ code: 'custom', path, message: problem.message });
    }
  });

/** `planningAgent` / `supervisor`: `{ id, coordinates? }` (an id string is accepted too); null or absent for none. */
export const squadAgentSlot = z
  .preprocess(
    (v) => (typeof v === 'string' ? { id: v } : v),
    z.object({ id: taskId, coordinates: coordinates.nullish() }, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be an object with an "id"') }),
  )
  .transform(({ id, coordinates }): SquadAgentSlot => (coordinates ? { id, coordinates } : { id }))
  .nullish()
  .transform((v) => v ?? null);

export const squadFields = z.object({
  name: text(200),
  tasks: squadTasks,
  order: z.enum(SQUAD_ORDERS, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be "sequential" or "hierarchical"') }),
  enabled: boolish,
  do_plan: boolish,
  sectors,
  publisher: text(200),
  planningAgent: squadAgentSlot,
  supervisor: squadAgentSlot,
});

/** The body of POST /squads and PUT /squads/{id}: `{ squad: {...} }`. */
export const squadInput = z.object({ squad: squadFields });

/** `?squadId=` on GET /squads/history. */
export const squadHistoryQuery = z.object({ squadId: z.string().trim().min(1).optional() });

export type SquadFields = z.output<typeof squadFields>;
export type SquadFormValues = z.input<typeof squadFields>;

/** `planningAgent` / `supervisor` as answered: the agent id and, when placed, its canvas coordinates. */
export const squadAgentSlotRecord = z.object({ id: z.string(), coordinates: coordinatesRecord.optional() });
export type SquadAgentSlot = z.output<typeof squadAgentSlotRecord>;

export const squadTaskRecord = z.object({
  id: z.string(),
  agent: z.string().describe('The agent id'),
  name: z.string(),
  objective: z.string(),
  dependsOn: stringArray.describe('Ids of tasks of the same squad'),
  coordinates: coordinatesRecord,
});

export type SquadTaskRecord = z.output<typeof squadTaskRecord>;

export const squadRecord = z.object({
  id: z.string(),
  name: z.string(),
  tasks: z.array(squadTaskRecord),
  order: z.enum(SQUAD_ORDERS),
  enabled: z.boolean(),
  do_plan: z.boolean(),
  sectors: stringArray,
  publisher: z.string(),
  planningAgent: squadAgentSlotRecord.nullable(),
  supervisor: squadAgentSlotRecord.nullable(),
  version: z.number().int().describe('Also sent as the ETag; send it back in If-Match'),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export type SquadRecord = z.output<typeof squadRecord>;

export type { SquadHistoryType } from './history-values';

export const squadHistoryRecord = z.object({
  id: z.string(),
  squadId: z.string(),
  responsible: z.string(),
  responsibleId: z.string(),
  action: z.string(),
  type: z.enum(SQUAD_HISTORY_TYPES),
  date: dateTime,
});

export type SquadHistoryRecord = z.output<typeof squadHistoryRecord>;
