// GET /api/tools/history — every tool change of the company, newest first, paged (decision 057).
import { defineRoute } from '@/lib/api/route';
import { kindHistoryHandler } from '@/lib/api/versions';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('tools/history', { GET: kindHistoryHandler('tools') });
