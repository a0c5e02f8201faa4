// The registry's server half (decision 030; the client-safe half is lib/kinds): each kind's store — the list as the database writes
// it, the detail read (as JSON text and as the record), the current states for first versions and the restore of an old state.
// Composed here from lib/server/<kind>, which knows nothing of the other kinds.
import type { Actor } from '../auth/tokens';
import type { Tx } from '../db';
import * as agents from '../agents';
import * as models from '../ai-models';
import * as knowledgeBases from '../knowledge-bases';
import * as squads from '../squads';
import * as tools from '../tools';
import type { KindKey } from '../../kinds';
import type { ListPage, PageRequest } from '../list-page';
import type { Scope } from '../store';

export type KindStore = {
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
};

/** A record read as JSON text, parsed. */
const parsed =
  (read: (scope: Scope, id: string) => Promise<string>) =>
  async (scope: Scope, id: string): Promise<unknown> =>
    JSON.parse(await read(scope, id)) as unknown;

export const KIND_STORES: Readonly<Record<KindKey, KindStore>> = {
  agents: {
    listJson: agents.listAgentsJson,
    listPage: agents.listAgentsPage,
    record: parsed(agents.getAgentJson),
    statesForVersions: agents.statesForVersions,
    restore: agents.restoreAgent,
  },
  squads: { listJson: squads.listSquadsJson, listPage: squads.listSquadsPage, record: squads.getSquad, statesForVersions: squads.statesForVersions, restore: squads.restoreSquad },
  tools: { listJson: tools.listToolsJson, listPage: tools.listToolsPage, record: parsed(tools.getToolJson), statesForVersions: tools.statesForVersions, restore: tools.restoreTool },
  'knowledge-bases': {
    listJson: knowledgeBases.listKnowledgeBasesJson,
    listPage: knowledgeBases.listKnowledgeBasesPage,
    record: parsed(knowledgeBases.getKnowledgeBaseJson),
    statesForVersions: knowledgeBases.statesForVersions,
    restore: knowledgeBases.restoreKnowledgeBase,
  },
  'ai-models': {
    listJson: models.listModelsJson,
    listPage: models.listModelsPage,
    record: parsed(models.getModelJson),
    statesForVersions: models.statesForVersions,
    restore: models.restoreModel,
  },
};
