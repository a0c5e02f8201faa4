// GET /api/knowledge-bases/history — every knowledge-base change of the company, newest first, paged (decision 057).
import { defineRoute } from '@/lib/api/route';
import { kindHistoryHandler } from '@/lib/api/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('knowledge-bases/history', { GET: kindHistoryHandler('knowledge-bases') });
