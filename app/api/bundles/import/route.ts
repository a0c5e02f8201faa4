// POST /bundles/import — body { bundle, dryRun, apikeys } (decision 014). A dry run (the default)
// answers 200 with the plan; dryRun false applies it in one transaction and answers 201 with the
// plan, the ids created and the new squad.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { bundleImportBody } from '@/lib/schemas/bundle';
import { importBundle } from '@/lib/server/bundles';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async ({ actor, body }) => {
    const plan = await importBundle(actor, await body(bundleImportBody));
    return ok(plan, plan.dryRun ? 200 : 201);
  },
});
