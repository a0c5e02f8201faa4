// GET /agents/history — bare array of every agent change of the company, newest first.
import { bare } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { agentHistory } from '@/lib/server/agents';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('agents/history', {
  GET: async ({ actor }) => bare(await agentHistory(actor)),
});
