// Restore (decision 013): an old version's state goes back through the kind's own schema and
// data-layer checks, as a PUT would; what refuses it (a referenced agent, tool, knowledge base or
// model gone, a rule the old state breaks, a stale If-Match) is a 409 that says why. The schema
// and the store of each kind come from the registry's server half (./index).
import { ApiError, type FieldError } from '../../errors';
import type { Actor } from '../auth/tokens';
import { getVersion } from '../versions';
import { kind as kindDef, type KindKey } from '../../kinds';
import { KIND_STORES } from './index';

const MAX_REASONS = 5;

function refusal(kind: KindKey, n: number, errors: FieldError[]): ApiError {
  const reasons = errors.slice(0, MAX_REASONS).map((e) => `${e.path}: ${e.message}`);
  const more = errors.length > MAX_REASONS ? ` (+${errors.length - MAX_REASONS} more)` : '';
  return new ApiError('conflict', `${kindDef(kind).title} version ${n} cannot be restored: ${reasons.join('; ')}${more}`, errors);
}

/** The old state parsed with the kind's own schema; a state today's rules refuse is a 409. */
function parseState(kind: KindKey, n: number, state: Record<string, unknown>): never {
  const { schema, wrap, unwrap } = KIND_STORES[kind].schemas.restore;
  const parsed = schema.safeParse(wrap ? wrap(state) : state);
  if (parsed.success) return (unwrap ? unwrap(parsed.data as never) : parsed.data) as never;
  throw refusal(
    kind,
    n,
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(state)', message: issue.message })),
  );
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * Restores version `n` of resource `id`: answers the resource as its detail read does. A
 * reference the old state names that no longer exists turns the data layer's 400 into a 409.
 */
export async function restoreVersion(actor: Actor, kind: KindKey, id: string, n: number, expected?: number[]): Promise<unknown> {
  const { state } = await getVersion(actor, kind, id, n);
  try {
    return await KIND_STORES[kind].restore(actor, id, parseState(kind, n, asObject(state)), expected);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      throw refusal(kind, n, error.errors?.length ? error.errors : [{ path: '(state)', message: error.message }]);
    }
    throw error;
  }
}
