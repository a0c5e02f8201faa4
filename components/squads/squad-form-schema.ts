// The squad form's schema: the API's squad schema (lib/schemas/squad.ts) without the tasks, which
// the designer edits. Loaded by the form at the person's first action
// (lib/client/lazy-resolver.ts), not with the page (decision 085).
import { squadFields } from '@/lib/schemas/squad';

export const squadForm = squadFields.pick({
  name: true,
  order: true,
  enabled: true,
  do_plan: true,
  sectors: true,
  publisher: true,
  planningAgent: true,
  supervisor: true,
});
