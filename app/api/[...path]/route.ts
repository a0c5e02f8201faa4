// Any other path under /api: the 404 envelope instead of Next's HTML page.
import { noSuchEndpoint } from '@/lib/api/kinds';
import { defineRoute } from '@/lib/api/route';

const unknown = async (): Promise<never> => {
  throw noSuchEndpoint();
};

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute('[...path]', { GET: unknown, POST: unknown, PUT: unknown, PATCH: unknown, DELETE: unknown });
