'use client';
// Each kind's console pages — its list, a record, a new one, an edit, its history — for the page
// files every kind shares (app/(console)/[kind], decision 093). A page file that imported every
// kind's components would put all of them in each page's first load; here each is its own chunk
// (next/dynamic, not lib/client/on-demand.tsx: next/dynamic has the server name the shown kind's
// chunks in the HTML, so the browser fetches them with the page's, not after hydration starts).
// The server renders the page into the HTML as before. A new kind adds its entry here.
import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';
import type { KindKey } from '@/lib/kinds';

export type KindPage = 'list' | 'detail' | 'new' | 'edit' | 'history';

type Pages = { list: ComponentType; detail: ComponentType<{ id: string }>; new: ComponentType; edit: ComponentType<{ id: string }>; history: ComponentType };

/** The history of a kind whose versions are its history (tools, knowledge bases). */
const VersionedHistory = dynamic(() => import('@/components/history/VersionedHistory').then((m) => m.VersionedHistory));
const versionedHistory = (kind: KindKey) =>
  function KindHistory() {
    return <VersionedHistory kind={kind} />;
  };

// Every kind of the registry has its pages (`satisfies`: the type check fails without one).
const PAGES = new Map<string, Pages>(
  Object.entries({
    agents: {
      list: dynamic(() => import('@/components/agents/AgentsList').then((m) => m.AgentsList)),
      detail: dynamic(() => import('@/components/agents/AgentDetail').then((m) => m.AgentDetail)),
      new: dynamic(() => import('@/components/agents/AgentEditor').then((m) => m.NewAgent)),
      edit: dynamic(() => import('@/components/agents/AgentEditor').then((m) => m.EditAgent)),
      history: dynamic(() => import('@/components/history/WholeHistory').then((m) => m.AgentHistory)),
    },
    squads: {
      list: dynamic(() => import('@/components/squads/SquadsList').then((m) => m.SquadsList)),
      detail: dynamic(() => import('@/components/squads/SquadDetail').then((m) => m.SquadDetail)),
      new: dynamic(() => import('@/components/squads/SquadEditor').then((m) => m.NewSquad)),
      edit: dynamic(() => import('@/components/squads/SquadEditor').then((m) => m.EditSquad)),
      history: dynamic(() => import('@/components/history/WholeHistory').then((m) => m.SquadHistory)),
    },
    tools: {
      list: dynamic(() => import('@/components/tools/ToolsList').then((m) => m.ToolsList)),
      detail: dynamic(() => import('@/components/tools/ToolDetail').then((m) => m.ToolDetail)),
      new: dynamic(() => import('@/components/tools/ToolEditor').then((m) => m.NewTool)),
      edit: dynamic(() => import('@/components/tools/ToolEditor').then((m) => m.EditTool)),
      history: versionedHistory('tools'),
    },
    'knowledge-bases': {
      list: dynamic(() => import('@/components/knowledge-bases/KnowledgeBasesList').then((m) => m.KnowledgeBasesList)),
      detail: dynamic(() => import('@/components/knowledge-bases/KnowledgeBaseDetail').then((m) => m.KnowledgeBaseDetail)),
      new: dynamic(() => import('@/components/knowledge-bases/KnowledgeBaseEditor').then((m) => m.NewKnowledgeBase)),
      edit: dynamic(() => import('@/components/knowledge-bases/KnowledgeBaseEditor').then((m) => m.EditKnowledgeBase)),
      history: versionedHistory('knowledge-bases'),
    },
    'ai-models': {
      list: dynamic(() => import('@/components/ai-models/AiModelsList').then((m) => m.AiModelsList)),
      detail: dynamic(() => import('@/components/ai-models/AiModelDetail').then((m) => m.AiModelDetail)),
      new: dynamic(() => import('@/components/ai-models/AiModelEditor').then((m) => m.NewAiModel)),
      edit: dynamic(() => import('@/components/ai-models/AiModelEditor').then((m) => m.EditAiModel)),
      history: dynamic(() => import('@/components/history/ModelHistory').then((m) => m.ModelHistory)),
    },
  } satisfies Record<KindKey, Pages>),
);

/** The page `page` of `kind` (a kind of the registry: the page files checked it); `id` its record's. */
export function KindView({ kind, page, id }: { kind: KindKey; page: KindPage; id?: string }) {
  const View = PAGES.get(kind)![page] as ComponentType<{ id?: string }>;
  return <View id={id} />;
}
