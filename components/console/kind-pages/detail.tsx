'use client';
// Each kind's record page (../KindView.tsx, decision 104), imported by its page files only.
// Written by `npx tsx scripts/kind-pages.ts` from lib/client/kinds.ts (KindPages): do not edit.
import type { KindKey } from '@/lib/kinds';
import { kindView, type KindPageLoader } from '../KindView';

export const KindDetail = kindView('detail', {
  agents: () => import('@/components/agents/AgentDetail').then((m) => m.AgentDetail),
  squads: () => import('@/components/squads/SquadDetail').then((m) => m.SquadDetail),
  tools: () => import('@/components/tools/ToolDetail').then((m) => m.ToolDetail),
  'knowledge-bases': () => import('@/components/knowledge-bases/KnowledgeBaseDetail').then((m) => m.KnowledgeBaseDetail),
  'ai-models': () => import('@/components/ai-models/AiModelDetail').then((m) => m.AiModelDetail),
} satisfies Record<KindKey, KindPageLoader>);
