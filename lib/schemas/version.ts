// Resource versions (decision 013): the query strings and path numbers of /api/{kind}/{id}/versions…
import { z } from 'zod';
import { answerRecord } from './keyed';
import { KINDS, type KindKey } from '../kinds';
import { VERSION_ACTIONS } from '../versions/diff';

const MAX_VERSION = 2_147_483_647;

/** A version number as it comes in a path or query: digits only, 1 or more. */
export const versionNumber = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a version number (1, 2, 3…)') })
  .trim()
  .max(10, 'must be a version number (1, 2, 3…)')
  .regex(/^\d+$/, 'must be a version number (1, 2, 3…)')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be a version number (1, 2, 3…)').max(MAX_VERSION, 'must be a version number (1, 2, 3…)'));

/** A page size in a query string: digits, 1–100, `fallback` when absent (versions, activity). */
export const pageLimit = (fallback: number) =>
  z
    .string()
    .trim()
    .max(10, 'must be a whole number between 1 and 100')
    .regex(/^\d+$/, 'must be a whole number between 1 and 100')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100'))
    .default(fallback);

/** A previous page's `next`, given back as `last`. */
export const pageCursor = z.string().trim().max(200, 'is not a cursor from a previous "next"').optional();

/** GET /api/{kind}/{id}/versions: `limit` 1–100 (default 20), `last` the previous page's `next`. */
export const versionsQuery = z.object({ limit: pageLimit(20), last: pageCursor });

/** GET /api/{kind}/{id}/versions/diff?from=&to= */
export const diffQuery = z.object({
  from: versionNumber,
  to: versionNumber,
});


/** Answer records (the OpenAPI document and the response checks read them). */
export const versionSummaryRecord = z.object({
  version: z.number().int(),
  action: z.enum(VERSION_ACTIONS),
  responsible: z.string(),
  responsibleId: z.string(),
  date: z.string(),
});
export const versionPageRecord = z.object({ items: z.array(versionSummaryRecord), next: z.string() });
/** GET /api/tools/history and /api/knowledge-bases/history (decision 057): one page of the company's changes of that kind. */
export const kindHistoryPageRecord = z.object({
  items: z.array(
    versionSummaryRecord.extend({
      id: z.string().describe('The record id'),
      resourceId: z.string(),
      name: z.string().describe('The resource’s name as of this change'),
    }),
  ),
  next: z.string(),
});
export type KindHistoryPage = z.output<typeof kindHistoryPageRecord>;
export const versionDetailRecord = versionSummaryRecord.extend({
  state: z.looseObject({}).describe('The resource as its detail GET answered it after this change; an AI model has `apikeySet`/`apikeyChanged` instead of `apikey`.'),
});
const fieldChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
const taskRef = z.object({ id: z.string(), name: z.string() });
const link = z.object({ task: z.string(), dependsOn: z.string() });
export const versionDiffRecord = z.object({
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(fieldChange),
  tasks: z
    .object({
      added: z.array(taskRef),
      removed: z.array(taskRef),
      renamed: z.array(z.object({ id: z.string(), before: z.string(), after: z.string() })),
      moved: z.number().int(),
      dependsOnAdded: z.array(link),
      dependsOnRemoved: z.array(link),
    })
    .optional(),
  taskSummary: z.array(z.string()).optional().describe('Squads: the summary lines about the tasks themselves (added, removed, renamed, links, moves)'),
  taskNames: answerRecord(z.string(), z.string()).optional().describe('Squads: the name of each task `changes` or `tasks` names by id'),
  summary: z.array(z.string()),
  refs: answerRecord(
    z.string(),
    z.object({
      kind: z.enum(KINDS.map((k) => k.key) as [KindKey, ...KindKey[]]),
      name: z.string().nullable().describe('The current name; once deleted, the name it had when deleted (null when unknown)'),
      deleted: z.boolean(),
    }),
  ).describe('Every resource a reference field of `changes` names (an agent\'s model, tools, knowledge bases; a squad\'s agents), by id, within the caller\'s company'),
});
