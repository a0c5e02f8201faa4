// POST /bundles/import — body { bundle, dryRun, apikeys } (decision 014). A dry run (the default)
// answers 200 with the plan; dryRun false applies it in one transaction and answers 201 with the
// plan, the ids created and the new squad. Honours Idempotency-Key.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { idempotent } from '@/lib/api/idempotency';
import { bundleImportBody } from '@/lib/schemas/bundle';
import { importBundle } from '@/lib/server/bundles';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('bundles/import', {
  POST: async (ctx) =>
    idempotent(ctx, async () => {
      const plan = await importBundle(ctx.actor, await ctx.body(bundleImportBody));
      return ok(plan, plan.dryRun ? 200 : 201);
    }),
});
