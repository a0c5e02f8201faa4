// The agent and squad forms name their fields from their empty values (for the server's errors),
// so that the page need not load zod and the schema before the person acts (decision 085): the
// names must stay the schema's.
import { describe, expect, it } from 'vitest';
import { emptyAgent } from '@/components/agents/AgentForm';
import { agentForm } from '@/components/agents/agent-form-schema';
import { emptySquad } from '@/components/squads/SquadForm';
import { squadForm } from '@/components/squads/squad-form-schema';

describe('form fields', () => {
  it('the agent form values have exactly the schema fields', () => {
    expect(Object.keys(emptyAgent('')).sort()).toEqual(Object.keys(agentForm.shape).sort());
  });
  it('the squad form values have exactly the schema fields', () => {
    expect(Object.keys(emptySquad('')).sort()).toEqual(Object.keys(squadForm.shape).sort());
  });
});
