// The registry's server half (decision 030; the client-safe half is lib/kinds): each kind's one
// server entry — its zod schemas (lib/schemas/<kind>) and its store (lib/server/<kind>): the list as
// the database writes it, the detail read, the current states for first versions, the restore of
// an old state, what uses its resources and, for a kind without route files of its own, what the
// shared routes (app/api/[kind]) call. Usage, versions' restore and backfill, the shared routes
// and OpenAPI read it; lib/server/<kind> knows nothing of the other kinds (decision 103).
import type { ZodType } from 'zod';
import type { Actor } from '../auth/tokens';
import type { Tx } from '../db';
import * as agents from '../agents';
import * as models from '../ai-models';
import * as knowledgeBases from '../knowledge-bases';
import * as squads from '../squads';
import * as tools from '../tools';
import { usedByNothing, type Dependents } from '../dependents';
import type { KindKey, OwnRoutesKey } from '../../kinds';
import type { Versioned } from '../concurrency';
import type { ListPage, PageRequest } from '../list-page';
import type { Scope } from '../store';
import { agentFields, agentInput, agentRecord } from '../../schemas/agent';
import { aiModelCreateBody, aiModelFields, aiModelRecord, aiModelUpdateBody } from '../../schemas/ai-model';
import { knowledgeBaseBody, knowledgeBaseRecord } from '../../schemas/knowledge-base';
import { squadFields, squadInput, squadRecord } from '../../schemas/squad';
import { toolCreateBody, toolRecord, toolUpdateBody, type ToolCreateInput } from '../../schemas/tool';

/** A kind's zod schemas: the body of a create and of an update, the record the API answers (a list's item too), and how a restored version's state is parsed. */
type KindSchemas = {
  create: ZodType;
  update: ZodType;
  record: ZodType;
  /** An old version's state as the kind's restore takes it: wrapped as the schema expects, parsed, unwrapped. */
  restore: { schema: ZodType; wrap?: (state: Record<string, unknown>) => unknown; unwrap?: (parsed: never) => unknown };
};

export type KindStore = {
  schemas: KindSchemas;
  /** What its OpenAPI operations say beyond what the registry derives (a kind on the shared routes): a create's rules; an update's summary (else "Replace …") and rules. */
  docs?: { create?: string; update?: { summary: string; description?: string } };
  /** GET /{kind}: the scope's records (the caller's company, within its sectors: decision 076) as the JSON text of the list. */
  listJson: (scope: Scope, sector?: string) => Promise<string>;
  /** One page of that list (D13, decision 040). */
  listPage: (scope: Scope, sector: string | undefined, page: PageRequest) => Promise<ListPage>;
  /** The current states of rows `ids` (a bounded batch), numbered as their first version. */
  statesForVersions: (tx: Tx, ids: string[]) => Promise<{ id: string; version: number; state: object }[]>;
  /** One record as its detail GET answers it (unwrapped: the agent of `{ Agent }`), for a detail page read on the server. */
  record: (scope: Scope, id: string) => Promise<unknown>;
  /** An old state (parsed with the kind's restore schema) written back; answers the record. */
  restore: (actor: Actor, id: string, input: never, expected?: number[]) => Promise<unknown>;
  /** What uses a resource of the kind (GET /{kind}/{id}/usage; a delete is refused while anything does): `usedByNothing` when nothing can. */
  dependents: Dependents;
};

/**
 * What the shared routes call for a kind without route files of its own (lib/kinds `ownRoutes`):
 * POST /{kind} (`create`, the body as its create schema parses it; answers `{ id }`), GET /{kind}/{id}
 * (`detailJson`, the record as JSON text), PUT (`update`, the body as its update schema parses it,
 * If-Match's versions) and DELETE (`remove`).
 */
export type SharedRoutes = {
  create: (actor: Actor, input: never) => Promise<{ id: string }>;
  detailJson: (scope: Scope, id: string) => Promise<string>;
  update: (actor: Actor, id: string, input: never, expected?: number[]) => Promise<Versioned<unknown>>;
  remove: (actor: Actor, id: string, expected?: number[]) => Promise<{ id: string }>;
};

/** A record read as JSON text, parsed. */
const parsed =
  (read: (scope: Scope, id: string) => Promise<string>) =>
  async (scope: Scope, id: string): Promise<unknown> =>
    JSON.parse(await read(scope, id)) as unknown;

/** Every kind's server entry; a kind without route files of its own has its `routes` (the type check asks for them). */
export const KIND_STORES: { readonly [K in KindKey]: K extends OwnRoutesKey ? KindStore : KindStore & { routes: SharedRoutes } } = {
  agents: {
    schemas: { create: agentInput, update: agentInput, record: agentRecord, restore: { schema: agentFields } },
    listJson: agents.listAgentsJson,
    listPage: agents.listAgentsPage,
    record: parsed(agents.getAgentJson),
    statesForVersions: agents.statesForVersions,
    restore: agents.restoreAgent,
    dependents: agents.dependents,
  },
  squads: {
    schemas: { create: squadInput, update: squadInput, record: squadRecord, restore: { schema: squadFields } },
    listJson: squads.listSquadsJson,
    listPage: squads.listSquadsPage,
    record: squads.getSquad,
    statesForVersions: squads.statesForVersions,
    restore: squads.restoreSquad,
    dependents: usedByNothing,
  },
  tools: {
    schemas: {
      create: toolCreateBody,
      update: toolUpdateBody,
      record: toolRecord,
      restore: { schema: toolCreateBody, wrap: (state) => ({ tool: state }), unwrap: (parsed: { tool: unknown }) => parsed.tool },
    },
    docs: {
      create: '`code` and `entryFunctionName` come together, and the function must be defined in the code.',
      update: {
        summary: 'Update a tool (partial, no wrapper)',
        description: 'The tool fields at the top level of the body, all optional; `null` clears code, entryFunctionName or mcp.',
      },
    },
    listJson: tools.listToolsJson,
    listPage: tools.listToolsPage,
    record: parsed(tools.getToolJson),
    statesForVersions: tools.statesForVersions,
    restore: tools.restoreTool,
    dependents: tools.dependents,
    routes: {
      create: (actor: Actor, body: { tool: ToolCreateInput }) => tools.createTool(actor, body.tool),
      detailJson: tools.getToolJson,
      update: tools.updateTool,
      remove: tools.deleteTool,
    },
  },
  'knowledge-bases': {
    schemas: {
      create: knowledgeBaseBody,
      update: knowledgeBaseBody,
      record: knowledgeBaseRecord,
      restore: { schema: knowledgeBaseBody, wrap: (state) => ({ knowledgeBase: state, filename: state.filename }) },
    },
    docs: { create: '`type` url needs an http(s) URL in `content`, text a non-empty `content`; a file base takes its file from PUT /knowledge-bases/{id}/file.' },
    listJson: knowledgeBases.listKnowledgeBasesJson,
    listPage: knowledgeBases.listKnowledgeBasesPage,
    record: parsed(knowledgeBases.getKnowledgeBaseJson),
    statesForVersions: knowledgeBases.statesForVersions,
    restore: knowledgeBases.restoreKnowledgeBase,
    dependents: knowledgeBases.dependents,
    routes: {
      create: knowledgeBases.createKnowledgeBase,
      detailJson: knowledgeBases.getKnowledgeBaseJson,
      update: knowledgeBases.replaceKnowledgeBase,
      remove: knowledgeBases.deleteKnowledgeBase,
    },
  },
  'ai-models': {
    schemas: {
      create: aiModelCreateBody,
      update: aiModelUpdateBody,
      record: aiModelRecord,
      // The model's current provider key is kept: an old state never carries one.
      restore: { schema: aiModelFields.omit({ apikey: true }) },
    },
    listJson: models.listModelsJson,
    listPage: models.listModelsPage,
    record: parsed(models.getModelJson),
    statesForVersions: models.statesForVersions,
    restore: models.restoreModel,
    dependents: models.dependents,
  },
};
