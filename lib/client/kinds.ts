// The console's half of each kind (the client registry; lib/kinds holds what the server shares):
// one entry per kind, the one client file a new kind edits (decision 104).
// - RESOURCES: how its API is called (./resource-list.ts's ResourceConfig). Its list hooks
//   (KIND_LISTS, read by its list page, the history pages and the command palette) derive from it,
//   and its full resource (`defineResource(RESOURCES.<kind>)`, ./resource.ts) too.
// - KindPages: the components of its five console pages. A type, so it weighs nothing in the
//   browser: `npx tsx scripts/kind-pages.ts` writes from it the page types' loader tables
//   (components/console/kind-pages/), each in its own page's first load only; a unit test keeps
//   them in step (tests/unit/kind-pages.test.ts).
// This file is on the list pages' first load: types only from lib/schemas (no zod), no react-query.
import type { KindKey } from '@/lib/kinds';
import type { AgentInput, AgentRecord } from '@/lib/schemas/agent';
import type { AiModelInput, AiModelRecord, AiModelUpdate } from '@/lib/schemas/ai-model';
import type { KnowledgeBaseFormValues, KnowledgeBaseRecord } from '@/lib/schemas/knowledge-base';
import type { SquadFormValues, SquadRecord } from '@/lib/schemas/squad';
import type { ToolCreateInput, ToolRecord, ToolUpdateInput } from '@/lib/schemas/tool';
import { api } from './api-later';
import { defineList, type Identified, type ResourceConfig } from './resource-list';

/** A kind's console pages. */
export type KindPage = 'list' | 'detail' | 'new' | 'edit' | 'history';

/** Every kind has its five pages (the type check fails without one): `dir/File#Export` under components/ (`#Export` when it is not `File`). */
type Declared<T extends Record<KindKey, Record<KindPage, `${string}/${string}`>>> = T;

export type KindPages = Declared<{
  agents: { list: 'agents/AgentsList'; detail: 'agents/AgentDetail'; new: 'agents/AgentEditor#NewAgent'; edit: 'agents/AgentEditor#EditAgent'; history: 'history/WholeHistory#AgentHistory' };
  squads: { list: 'squads/SquadsList'; detail: 'squads/SquadDetail'; new: 'squads/SquadEditor#NewSquad'; edit: 'squads/SquadEditor#EditSquad'; history: 'history/WholeHistory#SquadHistory' };
  tools: { list: 'tools/ToolsList'; detail: 'tools/ToolDetail'; new: 'tools/ToolEditor#NewTool'; edit: 'tools/ToolEditor#EditTool'; history: 'history/VersionedHistory' };
  'knowledge-bases': {
    list: 'knowledge-bases/KnowledgeBasesList';
    detail: 'knowledge-bases/KnowledgeBaseDetail';
    new: 'knowledge-bases/KnowledgeBaseEditor#NewKnowledgeBase';
    edit: 'knowledge-bases/KnowledgeBaseEditor#EditKnowledgeBase';
    history: 'history/VersionedHistory';
  };
  'ai-models': { list: 'ai-models/AiModelsList'; detail: 'ai-models/AiModelDetail'; new: 'ai-models/AiModelEditor#NewAiModel'; edit: 'ai-models/AiModelEditor#EditAiModel'; history: 'history/ModelHistory' };
}>;

const itemPath = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** The query namespace and API path of a kind of the registry (lib/kinds): its URL segment. */
const ofKind = <K extends KindKey>(key: K) => ({ key, path: `/${key}` }) as const;

/** A kind's resource configuration, with its record, create and update types. */
const resource = <TRecord extends Identified, TCreate, TUpdate = TCreate>(config: ResourceConfig<TRecord, TCreate, TUpdate>) => config;

/** The body of a knowledge base's POST and PUT, as the API reads it. */
export type KnowledgeBaseBody = { knowledgeBase: KnowledgeBaseFormValues; filename?: string | null };

/** The stored fields of a record, as a PUT body carries them (the service keeps a file base's content). */
export function storedFields(kb: KnowledgeBaseRecord): KnowledgeBaseFormValues & { content: string } {
  return {
    name: kb.name,
    description: kb.description,
    enabled: kb.enabled,
    sectors: kb.sectors,
    content: kb.type === 'file' ? '' : kb.content,
    type: kb.type,
    multimodal: kb.multimodal,
    tags: kb.tags,
  };
}

export const RESOURCES = {
  agents: resource<AgentRecord, AgentInput>({
    ...ofKind('agents'),
    detail: (data) => (data as { Agent: AgentRecord }).Agent,
  }),
  squads: resource<SquadRecord, SquadFormValues>({
    ...ofKind('squads'),
    createBody: (squad) => ({ squad }),
    updateBody: (squad) => ({ squad }),
  }),
  tools: resource<ToolRecord, ToolCreateInput, ToolUpdateInput>({
    ...ofKind('tools'),
    createBody: (tool) => ({ tool }),
    enable: (id, enabled) => ({ path: itemPath(ofKind('tools').path, id), body: { enabled } }),
  }),
  'knowledge-bases': resource<KnowledgeBaseRecord, KnowledgeBaseBody>({
    ...ofKind('knowledge-bases'),
    // There is no /enable endpoint (PUT is a full replace): read the stored record, send it back whole with `enabled` flipped.
    sendEnabled: async (id, enabled) => {
      const path = itemPath(ofKind('knowledge-bases').path, id);
      const stored = await api<KnowledgeBaseRecord>(path);
      return api<KnowledgeBaseRecord>(path, { method: 'PUT', body: { knowledgeBase: { ...storedFields(stored), enabled } } });
    },
  }),
  'ai-models': resource<AiModelRecord, AiModelInput, AiModelUpdate>({
    ...ofKind('ai-models'),
    createBody: (model) => ({ model }),
    updateBody: (model) => ({ model }),
    // There is no /enable endpoint: a partial PUT `{ model: { enabled } }`.
    enable: (id, enabled) => ({ path: itemPath(ofKind('ai-models').path, id), body: { model: { enabled } } }),
  }),
} satisfies Record<KindKey, object>;

type ListOf<C> = C extends ResourceConfig<infer TRecord extends Identified, infer TCreate, infer TUpdate> ? ReturnType<typeof defineList<TRecord, TCreate, TUpdate>> : never;

/** Each kind's list hooks (./resource-list.ts): its list page, the history pages and the command palette read it. */
export const KIND_LISTS = Object.fromEntries(Object.entries(RESOURCES).map(([key, config]) => [key, defineList<Identified, never, never>(config)])) as {
  [K in KindKey]: ListOf<(typeof RESOURCES)[K]>;
};
