// Words the squad pages share: what each order means, and the name of an agent by id.
import { useMemo } from 'react';
import type { SquadOrder } from '@/lib/schemas/squad';

export const ORDER_INFO: Record<SquadOrder, { label: string; description: string }> = {
  sequential: { label: 'Sequential', description: 'Tasks run one after another, each once the tasks it depends on are done.' },
  hierarchical: { label: 'Hierarchical', description: 'A supervisor hands the tasks out to the agents and checks their results.' },
};

/** id → current name (the id itself when the record is gone). */
export function useNames(rows: Array<{ id: string; name: string }> | undefined) {
  return useMemo(() => {
    const names = new Map((rows ?? []).map((r) => [r.id, r.name]));
    return (id: string) => names.get(id) ?? id;
  }, [rows]);
}
