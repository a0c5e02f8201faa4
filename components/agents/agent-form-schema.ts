// The agent form's schema: the API's agent schema (lib/schemas/agent.ts) with `can.delegate` held
// as `can_delegate`, because form libraries read dots as nesting. Loaded by the form at the
// person's first action (lib/client/lazy-resolver.ts), not with the page (decision 085).
import { agentFields } from '@/lib/schemas/agent';

export const agentForm = agentFields.omit({ 'can.delegate': true }).extend({ can_delegate: agentFields.shape['can.delegate'] });
