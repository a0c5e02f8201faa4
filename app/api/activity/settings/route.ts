// GET /api/activity/settings — `{ retentionDays }`; PUT { retentionDays: 1–3650 | null } — how long
// the company's activity is kept (null: for ever); older events go at once and then daily.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { activitySettingsBody } from '@/lib/schemas/activity';
import { activityRetention, setActivityRetention } from '@/lib/server/activity-log';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('activity/settings', {
  GET: async ({ actor }) => ok(await activityRetention(actor.companyId)),
  PUT: async ({ actor, body }) => ok(await setActivityRetention(actor, (await body(activitySettingsBody)).retentionDays)),
});
