// Each kind of the registry (lib/kinds) with its console resource (./resource.ts): the one place
// the client's hooks are found by kind (the command palette reads every kind's list through it).
import type { KindKey } from '@/lib/kinds';
import { agents } from './agents';
import { aiModels } from './ai-models';
import { knowledgeBases } from './knowledge-bases';
import { squads } from './squads';
import { tools } from './tools';

export const KIND_CLIENTS = {
  agents,
  squads,
  tools,
  'knowledge-bases': knowledgeBases,
  'ai-models': aiModels,
} satisfies Record<KindKey, { useList: () => { data?: readonly { id: string; name: string }[] } }>;
