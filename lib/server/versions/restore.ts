// Restore (decision 013): an old version's state goes back through the kind's own schema and
// data-layer checks, as a PUT would; what refuses it (a referenced agent, tool, knowledge base or
// model gone, a rule the old state breaks, a stale If-Match) is a 409 that says why.
import type { ZodType } from 'zod';
import { ApiError, type FieldError } from '../../api/errors';
import { agentFields } from '../../schemas/agent';
import { aiModelFields } from '../../schemas/ai-model';
import { knowledgeBaseBody } from '../../schemas/knowledge-base';
import { squadFields } from '../../schemas/squad';
import { toolCreateBody } from '../../schemas/tool';
import { restoreAgent } from '../agents';
import { restoreModel } from '../ai-models';
import type { Actor } from '../auth/tokens';
import { restoreKnowledgeBase } from '../knowledge-bases';
import { restoreSquad } from '../squads';
import { restoreTool } from '../tools';
import { getVersion, KIND_LABEL, type VersionKind } from './index';

const MAX_REASONS = 5;

function refusal(kind: VersionKind, n: number, errors: FieldError[]): ApiError {
  const reasons = errors.slice(0, MAX_REASONS).map((e) => `${e.path}: ${e.message}`);
  const more = errors.length > MAX_REASONS ? ` (+${errors.length - MAX_REASONS} more)` : '';
  return new ApiError('conflict', `${KIND_LABEL[kind]} version ${n} cannot be restored: ${reasons.join('; ')}${more}`, errors);
}

/** The old state parsed with the kind's own schema; a state today's rules refuse is a 409. */
function parseState<T>(kind: VersionKind, n: number, schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw refusal(
    kind,
    n,
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(state)', message: issue.message })),
  );
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const modelRestoreFields = aiModelFields.omit({ apikey: true });

/**
 * Restores version `n` of resource `id`: answers the resource as its detail read does. A
 * reference the old state names that no longer exists turns the data layer's 400 into a 409.
 */
export async function restoreVersion(actor: Actor, kind: VersionKind, id: string, n: number, expected?: number[]): Promise<unknown> {
  const { state } = await getVersion(actor.companyId, kind, id, n);
  const fields = asObject(state);
  try {
    switch (kind) {
      case 'agents':
        return await restoreAgent(actor, id, parseState(kind, n, agentFields, fields), expected);
      case 'squads':
        return await restoreSquad(actor, id, parseState(kind, n, squadFields, fields), expected);
      case 'tools':
        return await restoreTool(actor, id, parseState(kind, n, toolCreateBody, { tool: fields }).tool, expected);
      case 'knowledge-bases':
        return await restoreKnowledgeBase(actor, id, parseState(kind, n, knowledgeBaseBody, { knowledgeBase: fields, filename: fields.filename }), expected);
      case 'ai-models':
        return await restoreModel(actor, id, parseState(kind, n, modelRestoreFields, fields), expected);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      throw refusal(kind, n, error.errors?.length ? error.errors : [{ path: '(state)', message: error.message }]);
    }
    throw error;
  }
}
