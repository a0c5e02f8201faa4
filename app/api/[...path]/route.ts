// Any other path under /api: the 404 envelope instead of Next's HTML page.
import { ApiError } from '@/lib/errors';
import { defineRoute } from '@/lib/api/route';

const unknown = async (): Promise<never> => {
  throw new ApiError('not_found', 'No such endpoint');
};

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('[...path]', { GET: unknown, POST: unknown, PUT: unknown, PATCH: unknown, DELETE: unknown });
