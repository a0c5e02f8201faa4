// GET /tools/availables — data: the catalogue of pre-available tool types.
import { ok } from '@/lib/api/envelope';
import { defineRoute } from '@/lib/api/route';
import { TOOL_TYPES } from '@/lib/catalog/tool-types';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('tools/availables', {
  GET: async () => ok(TOOL_TYPES),
});
