'use client';
// Each kind's list page (../KindView.tsx, decision 104), imported by its page files only.
// Written by `npx tsx scripts/kind-pages.ts` from lib/client/kinds.ts (KindPages): do not edit.
import type { KindKey } from '@/lib/kinds';
import { kindView, type KindPageLoader } from '../KindView';

export const KindList = kindView('list', {
  agents: () => import('@/components/agents/AgentsList').then((m) => m.AgentsList),
  squads: () => import('@/components/squads/SquadsList').then((m) => m.SquadsList),
  tools: () => import('@/components/tools/ToolsList').then((m) => m.ToolsList),
  'knowledge-bases': () => import('@/components/knowledge-bases/KnowledgeBasesList').then((m) => m.KnowledgeBasesList),
  'ai-models': () => import('@/components/ai-models/AiModelsList').then((m) => m.AiModelsList),
} satisfies Record<KindKey, KindPageLoader>);
