// The registry's server half (decision 030): each kind's store — the list as the database writes
// it, the detail read, the current states for first versions and the restore of an old state.
// Composed here from lib/server/<kind>, which knows nothing of the other kinds.
import type { Actor } from '../server/auth/tokens';
import type { Tx } from '../server/db';
import * as agents from '../server/agents';
import * as models from '../server/ai-models';
import * as knowledgeBases from '../server/knowledge-bases';
import * as squads from '../server/squads';
import * as tools from '../server/tools';
import type { KindKey } from './index';

export type KindStore = {
  /** GET /{kind}: the company's records as the JSON text of the list. */
  listJson: (companyId: string, sector?: string) => Promise<string>;
  /** The current states of rows `ids` (a bounded batch), numbered as their first version. */
  statesForVersions: (tx: Tx, ids: string[]) => Promise<{ id: string; version: number; state: object }[]>;
  /** An old state (parsed with the kind's restore schema) written back; answers the record. */
  restore: (actor: Actor, id: string, input: never, expected?: number) => Promise<unknown>;
};

export const KIND_STORES: Readonly<Record<KindKey, KindStore>> = {
  agents: { listJson: agents.listAgentsJson, statesForVersions: agents.statesForVersions, restore: agents.restoreAgent },
  squads: { listJson: squads.listSquadsJson, statesForVersions: squads.statesForVersions, restore: squads.restoreSquad },
  tools: { listJson: tools.listToolsJson, statesForVersions: tools.statesForVersions, restore: tools.restoreTool },
  'knowledge-bases': {
    listJson: knowledgeBases.listKnowledgeBasesJson,
    statesForVersions: knowledgeBases.statesForVersions,
    restore: knowledgeBases.restoreKnowledgeBase,
  },
  'ai-models': { listJson: models.listModelsJson, statesForVersions: models.statesForVersions, restore: models.restoreModel },
};
