// Activity (D12): the query of GET /api/activity, its answer, and the retention setting of
// PUT /api/activity/settings. Client-safe: the Activity page reads the same lists and schemas.
import { z } from 'zod';
import { KINDS } from '../kinds';
import { VERSION_ACTIONS } from '../versions/diff';
import { numberish } from './common';
import { pageCursor, pageLimit } from './version';

/** D12's security events (resource changes carry their version's action instead). */
export const SECURITY_ACTIONS = [
  'signed-in',
  'sign-in-failed',
  'signed-out',
  'password-changed',
  'password-reset',
  'member-invited',
  'member-joined',
  'member-changed',
  'member-removed',
  'invitation-revoked',
  'api-key-created',
  'api-key-revoked',
  'bundle-imported',
] as const;

/** Every action an event can name: the versions' actions, then the security events. */
export const ACTIVITY_ACTIONS = [...VERSION_ACTIONS, ...SECURITY_ACTIONS] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTOR_KINDS = ['user', 'apiKey', 'system'] as const;

export const ACTIVITY_FORMATS = ['json', 'csv', 'jsonl'] as const;

const KIND_KEYS = KINDS.map((k) => k.key) as [string, ...string[]];

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${values.join(', ')}`) });

/** An ISO 8601 date or date-time (a date alone is midnight UTC). */
const isoDate = z
  .string()
  .trim()
  .max(40, 'must be an ISO 8601 date, e.g. 2026-11-25 or 2026-11-25T10:00:00Z')
  .regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be an ISO 8601 date, e.g. 2026-11-25 or 2026-11-25T10:00:00Z')
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), 'must be an ISO 8601 date, e.g. 2026-11-25 or 2026-11-25T10:00:00Z');

const id = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

/** GET /api/activity's query string (D12). */
export const activityQuery = z.object({
  limit: pageLimit(50).describe('1–100 (default 50); ignored by the csv and jsonl formats, which answer every matching event'),
  last: pageCursor.describe('The previous page\'s `next`'),
  actor: id.optional().describe('A member\'s or API key\'s id'),
  actorKind: oneOf(ACTOR_KINDS).optional(),
  kind: oneOf(KIND_KEYS).optional().describe('A resource kind as in URLs (agents, squads…)'),
  resource: id.optional().describe('A resource\'s id'),
  action: oneOf(ACTIVITY_ACTIONS).optional(),
  from: isoDate.optional().describe('Events at or after this instant (inclusive)'),
  to: isoDate.optional().describe('Events before this instant (exclusive)'),
  format: oneOf(ACTIVITY_FORMATS).optional().describe('`csv` or `jsonl`: every matching event, streamed, without paging (default `json`: one page)'),
});
export type ActivityQuery = z.output<typeof activityQuery>;

/** One event as the API answers it; the optional fields are left out when the event has none. */
export const activityItemRecord = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ kind: z.enum(ACTOR_KINDS), id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  kind: z.string().optional(),
  resourceId: z.string().optional(),
  resourceName: z.string().optional(),
  version: z.number().int().optional(),
  address: z.string().optional(),
  userAgent: z.string().optional(),
});
export type ActivityItem = z.output<typeof activityItemRecord>;

export const activityPageRecord = z.object({ items: z.array(activityItemRecord), next: z.string().describe('The next page\'s cursor; "" on the last page') });
export type ActivityPage = z.output<typeof activityPageRecord>;

/** The export's columns, in order (D12: `actor` as three columns). */
export const ACTIVITY_CSV_COLUMNS = ['id', 'at', 'actorKind', 'actorId', 'actorName', 'action', 'kind', 'resourceId', 'resourceName', 'version', 'address', 'userAgent'] as const;

export const MAX_RETENTION_DAYS = 3650;

/** PUT /api/activity/settings: how many days events are kept; null keeps them forever. */
export const activitySettingsBody = z.object({
  retentionDays: z.union(
    [
      numberish.pipe(
        z
        .number()
        .int('must be a whole number of days')
        .min(1, `must be between 1 and ${MAX_RETENTION_DAYS}`)
        .max(MAX_RETENTION_DAYS, `must be between 1 and ${MAX_RETENTION_DAYS}`)),
      z.null(),
    ],
    { error: (issue) => (issue.input === undefined ? 'is required' : `must be a whole number of days (1–${MAX_RETENTION_DAYS}) or null (forever)`) },
  ),
});
export type ActivitySettings = z.output<typeof activitySettingsBody>;
export const activitySettingsRecord = z.object({ retentionDays: z.number().int().nullable().describe('Days events are kept; null: forever') });
