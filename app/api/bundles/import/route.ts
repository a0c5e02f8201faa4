// POST /bundles/import — body { bundle, dryRun, apikeys } (decision 014). A dry run (the default)
// answers 200 with the plan; dryRun false applies it in one transaction and answers 201 with the
// plan, the ids created and the new squad. Honours Idempotency-Key.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/api/idempotency';
import { parseInSteps } from '@/lib/api/validation';
import { parseBundleImportBody } from '@/lib/schemas/bundle';
import { pacer } from '@/lib/server/pace';
import { importBundle } from '@/lib/server/bundles';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('bundles/import', {
  POST: async (ctx) =>
    idempotent(ctx, async () => {
      // Checked in steps that let other requests through (decision 095): a bundle at its caps is 2,000 resources.
      const body = await parseInSteps(await ctx.json(), (value) => parseBundleImportBody(value, pacer()));
      const plan = await importBundle(ctx.actor, body);
      return ok(plan, plan.dryRun ? 200 : 201);
    }),
});
