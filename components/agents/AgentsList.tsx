'use client';
// The agents list (components/ui/KindListPage.tsx): the model, sectors and temperature columns.
import { useMemo } from 'react';
import { KindListPage, sectorsColumn } from '@/components/ui/KindListPage';
import type { Column } from '@/components/ui/ResourceTable';
import { KIND_LISTS } from '@/lib/client/kinds';
import type { AgentRecord } from '@/lib/schemas/agent';
import { Truncate } from '@/components/ui/Truncate';

const { agents, 'ai-models': aiModels } = KIND_LISTS;

export function AgentsList() {
  const models = aiModels.useList();
  const modelName = useMemo(() => {
    const names = new Map((models.data ?? []).map((m) => [m.id, m.name]));
    return (id: string) => names.get(id) ?? id;
  }, [models.data]);

  const columns: Column<AgentRecord>[] = [
    { key: 'model', header: 'Model', sortable: true, cell: (a) => <Truncate text={modelName(a.model)} /> },
    sectorsColumn(),
    { key: 'temperature', header: 'Temperature', sortable: true, kind: 'num', cell: (a) => a.temperature.toFixed(2) },
  ];

  return (
    <KindListPage
      kind="agents"
      resource={agents}
      description="The AI agents of your company: their model, role, tools and knowledge."
      columns={columns}
      sort={{ model: (a) => modelName(a.model), temperature: (a) => a.temperature }}
      first={{ label: 'Create your first agent', text: 'An agent pairs an AI model with a role, an objective, tools and knowledge.' }}
      disabledNote="agents stay configured but squads and API clients cannot use them."
    />
  );
}
