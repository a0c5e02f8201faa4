// Tools: GET /tools, GET /tools/{id} (the record), POST { tool }, PUT with the fields unwrapped
// (a partial update, D8) — which is also how enable/disable is sent.
import type { ToolCreateInput, ToolRecord, ToolUpdateInput } from '@/lib/schemas/tool';
import { defineResource } from './resource';

export const tools = defineResource<ToolRecord, ToolCreateInput, ToolUpdateInput>({
  key: 'tools',
  path: '/tools',
  createBody: (tool) => ({ tool }),
  enable: (id, enabled) => ({ path: `/tools/${encodeURIComponent(id)}`, body: { enabled } }),
});
