// D4: the `environment` of the AI model endpoints. The company always comes from the credential;
// `environment.company`, when sent, must name it (else 403). `sector` is handed back to the caller.
import 'server-only';
import type { ZodType } from 'zod';
import { ApiError } from '../errors';
import type { RouteContext } from './route';
import { parseWith } from './validation';
import { environmentBody, type Environment } from '../schemas/ai-model';
import type { Actor } from '../server/auth/tokens';

/** Checks every given environment against the caller's company; the first sector sent wins. */
export function checkEnvironment(actor: Actor, ...sources: (Environment | undefined)[]): { sector?: string } {
  let sector: string | undefined;
  for (const env of sources) {
    if (env?.company !== undefined && env.company !== actor.companyId) {
      throw new ApiError('forbidden', 'environment.company is not the company of the credential');
    }
    sector ??= env?.sector;
  }
  return { sector };
}

/**
 * GET requests: `environment` from the JSON body as the spec shows, or from the query
 * string (`?company=&sector=`) that browsers can send. Body errors (415/413/400) come first, then
 * validation of body and query (400), then the company check (403).
 */
export async function requestEnvironment<Q extends Environment>(
  ctx: Pick<RouteContext<unknown>, 'actor' | 'json' | 'query'>,
  querySchema: ZodType<Q>,
): Promise<{ sector?: string; query: Q }> {
  const raw = await ctx.json();
  const body = raw === undefined ? undefined : parseWith(environmentBody, raw);
  const query = ctx.query(querySchema);
  return { ...checkEnvironment(ctx.actor, body?.environment, query), query };
}
