'use client';
// Each kind's new and edit pages (../KindView.tsx, decision 104), imported by its page files only.
// Written by `npx tsx scripts/kind-pages.ts` from lib/client/kinds.ts (KindPages): do not edit.
import type { KindKey } from '@/lib/kinds';
import { kindView, type KindPageLoader } from '../KindView';

export const KindNew = kindView('new', {
  agents: () => import('@/components/agents/AgentEditor').then((m) => m.NewAgent),
  squads: () => import('@/components/squads/SquadEditor').then((m) => m.NewSquad),
  tools: () => import('@/components/tools/ToolEditor').then((m) => m.NewTool),
  'knowledge-bases': () => import('@/components/knowledge-bases/KnowledgeBaseEditor').then((m) => m.NewKnowledgeBase),
  'ai-models': () => import('@/components/ai-models/AiModelEditor').then((m) => m.NewAiModel),
} satisfies Record<KindKey, KindPageLoader>);

export const KindEdit = kindView('edit', {
  agents: () => import('@/components/agents/AgentEditor').then((m) => m.EditAgent),
  squads: () => import('@/components/squads/SquadEditor').then((m) => m.EditSquad),
  tools: () => import('@/components/tools/ToolEditor').then((m) => m.EditTool),
  'knowledge-bases': () => import('@/components/knowledge-bases/KnowledgeBaseEditor').then((m) => m.EditKnowledgeBase),
  'ai-models': () => import('@/components/ai-models/AiModelEditor').then((m) => m.EditAiModel),
} satisfies Record<KindKey, KindPageLoader>);
