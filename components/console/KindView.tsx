'use client';
// Each kind's console pages — its list, a record, a new one, an edit, its history — for the page
// files every kind shares (app/(console)/[kind], decision 093). A page file that imported every
// kind's components would put all of them in each page's first load; here each is loaded on
// demand (lib/client/on-demand.tsx): the server renders it into the HTML, the browser fetches the
// code of the kind shown only, from the moment this module is read. A new kind adds its entry here.
// (next/dynamic would name the chunks in the HTML, but its own code weighs 1.5 kB more per page.)
import type { ComponentType } from 'react';
import { onDemand, type OnDemand } from '@/lib/client/on-demand';
import { findKind, findKindOfHistory, type KindKey } from '@/lib/kinds';

export type KindPage = 'list' | 'detail' | 'new' | 'edit' | 'history';

type Pages = { list: OnDemand<object>; detail: OnDemand<{ id: string }>; new: OnDemand<object>; edit: OnDemand<{ id: string }>; history: OnDemand<object> };

/** The history of a kind whose versions are its history (tools, knowledge bases). */
const versionedHistory = (kind: KindKey) =>
  onDemand(() =>
    import('@/components/history/VersionedHistory').then(({ VersionedHistory }) =>
      function KindHistory() {
        return <VersionedHistory kind={kind} />;
      },
    ),
  );

// Every kind of the registry has its pages (`satisfies`: the type check fails without one).
const PAGES = new Map<string, Pages>(
  Object.entries({
    agents: {
      list: onDemand(() => import('@/components/agents/AgentsList').then((m) => m.AgentsList)),
      detail: onDemand(() => import('@/components/agents/AgentDetail').then((m) => m.AgentDetail)),
      new: onDemand(() => import('@/components/agents/AgentEditor').then((m) => m.NewAgent)),
      edit: onDemand(() => import('@/components/agents/AgentEditor').then((m) => m.EditAgent)),
      history: onDemand(() => import('@/components/history/WholeHistory').then((m) => m.AgentHistory)),
    },
    squads: {
      list: onDemand(() => import('@/components/squads/SquadsList').then((m) => m.SquadsList)),
      detail: onDemand(() => import('@/components/squads/SquadDetail').then((m) => m.SquadDetail)),
      new: onDemand(() => import('@/components/squads/SquadEditor').then((m) => m.NewSquad)),
      edit: onDemand(() => import('@/components/squads/SquadEditor').then((m) => m.EditSquad)),
      history: onDemand(() => import('@/components/history/WholeHistory').then((m) => m.SquadHistory)),
    },
    tools: {
      list: onDemand(() => import('@/components/tools/ToolsList').then((m) => m.ToolsList)),
      detail: onDemand(() => import('@/components/tools/ToolDetail').then((m) => m.ToolDetail)),
      new: onDemand(() => import('@/components/tools/ToolEditor').then((m) => m.NewTool)),
      edit: onDemand(() => import('@/components/tools/ToolEditor').then((m) => m.EditTool)),
      history: versionedHistory('tools'),
    },
    'knowledge-bases': {
      list: onDemand(() => import('@/components/knowledge-bases/KnowledgeBasesList').then((m) => m.KnowledgeBasesList)),
      detail: onDemand(() => import('@/components/knowledge-bases/KnowledgeBaseDetail').then((m) => m.KnowledgeBaseDetail)),
      new: onDemand(() => import('@/components/knowledge-bases/KnowledgeBaseEditor').then((m) => m.NewKnowledgeBase)),
      edit: onDemand(() => import('@/components/knowledge-bases/KnowledgeBaseEditor').then((m) => m.EditKnowledgeBase)),
      history: versionedHistory('knowledge-bases'),
    },
    'ai-models': {
      list: onDemand(() => import('@/components/ai-models/AiModelsList').then((m) => m.AiModelsList)),
      detail: onDemand(() => import('@/components/ai-models/AiModelDetail').then((m) => m.AiModelDetail)),
      new: onDemand(() => import('@/components/ai-models/AiModelEditor').then((m) => m.NewAiModel)),
      edit: onDemand(() => import('@/components/ai-models/AiModelEditor').then((m) => m.EditAiModel)),
      history: onDemand(() => import('@/components/history/ModelHistory').then((m) => m.ModelHistory)),
    },
  } satisfies Record<KindKey, Pages>),
);

/**
 * In the browser, the code of the page the address names starts loading as this module is read
 * (with the page's first scripts, before hydration reaches it, and before the load event), as a
 * page file's own components would: not one round trip after hydration starts.
 */
function preloadAddressed(path: string) {
  const [first = '', second, third] = path.split('/').filter(Boolean);
  const kind = first === 'history' ? findKindOfHistory(second ?? '') : findKind(first);
  if (!kind) return;
  const page: KindPage = first === 'history' ? 'history' : second === undefined ? 'list' : second === 'new' ? 'new' : third === 'edit' ? 'edit' : 'detail';
  PAGES.get(kind.key)![page].preload().catch(() => undefined);
}
if (typeof window !== 'undefined') preloadAddressed(window.location.pathname);

/** The page `page` of `kind` (a kind of the registry: the page files checked it); `id` its record's. */
export function KindView({ kind, page, id }: { kind: KindKey; page: KindPage; id?: string }) {
  const View = PAGES.get(kind)![page] as ComponentType<{ id?: string }>;
  return <View id={id} />;
}
