'use client';
// Each kind's history page (../KindView.tsx, decision 104), imported by its page files only.
// Written by `npx tsx scripts/kind-pages.ts` from lib/client/kinds.ts (KindPages): do not edit.
import type { KindKey } from '@/lib/kinds';
import { kindView, type KindPageLoader } from '../KindView';

export const KindHistory = kindView('history', {
  agents: () => import('@/components/history/WholeHistory').then((m) => m.AgentHistory),
  squads: () => import('@/components/history/WholeHistory').then((m) => m.SquadHistory),
  tools: () => import('@/components/history/VersionedHistory').then((m) => m.VersionedHistory),
  'knowledge-bases': () => import('@/components/history/VersionedHistory').then((m) => m.VersionedHistory),
  'ai-models': () => import('@/components/history/ModelHistory').then((m) => m.ModelHistory),
} satisfies Record<KindKey, KindPageLoader>);
