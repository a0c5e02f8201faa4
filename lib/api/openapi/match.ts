// Finds the registry operation of a concrete request path (tests: which schema an answer must match).
import { OPERATIONS, type Operation } from './operations';

/**
 * The operation of `method` whose path template matches `path` (under /api, query string
 * ignored). As in the router, literal segments win over parameters (`/agents/history` is never
 * `/agents/{id}`). `pathKnown`: some route answers the path (then another method gets 405).
 */
export function matchOperation(method: string, path: string): { operation: Operation | null; pathKnown: boolean } {
  const segments = path.split('?')[0].split('/').filter(Boolean);
  let bestPath: string | null = null;
  let bestScore = -1;
  for (const operation of OPERATIONS) {
    const template = operation.path.split('/').filter(Boolean);
    if (template.length !== segments.length) continue;
    let score = 0;
    let matches = true;
    for (let i = 0; i < template.length && matches; i++) {
      if (template[i].startsWith('{')) continue;
      if (template[i] === segments[i]) score++;
      else matches = false;
    }
    if (matches && score > bestScore) {
      bestPath = operation.path;
      bestScore = score;
    }
  }
  const operation = OPERATIONS.find((o) => o.path === bestPath && o.method === method.toUpperCase()) ?? null;
  return { operation, pathKnown: bestPath !== null };
}
