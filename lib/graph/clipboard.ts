// Copy/paste of squad tasks between designers (the same squad or another one): a JSON payload
// of domain tasks. Copying keeps only the links inside the copied set; pasting gives every task a
// fresh id that no node of the target canvas uses, rewrites the internal links to the new ids and
// shifts the coordinates. Pure functions; the browser side (system clipboard, localStorage) lives
// in the designer. Reading a payload from text (zod) is in clipboard-schema.ts, loaded by the
// designer when it pastes: this module is in the designer's first load, zod is not.
import type { GraphSquadTask } from './convert';

export const CLIPBOARD_KIND = 'agent-console/squad-tasks' as const;

/** A task as the designer stores it outside the API (clipboard, drafts); checked by clipboard-schema.ts's `storedTask`. */
export type StoredTask = {
  id: string;
  agent: string;
  name: string;
  objective: string;
  dependsOn: string[];
  coordinates: { x: number; y: number; width: number; height: number };
};

export type ClipboardPayload = { kind: typeof CLIPBOARD_KIND; version: 1; tasks: StoredTask[] };

/** The payload for the tasks whose ids are in `selected`, with their links among themselves only. */
export function copyTasks(tasks: readonly GraphSquadTask[], selected: ReadonlySet<string>): ClipboardPayload | null {
  const picked = tasks.filter((t) => selected.has(t.id));
  if (!picked.length) return null;
  return {
    kind: CLIPBOARD_KIND,
    version: 1,
    tasks: picked.map((t) => ({
      id: t.id,
      agent: t.agent,
      name: t.name,
      objective: t.objective,
      dependsOn: t.dependsOn.filter((d) => selected.has(d)),
      coordinates: { ...t.coordinates },
    })),
  };
}

/** `task-<n>` with the smallest n above every `task-<n>` in use, that nothing else uses either. */
export function nextTaskId(taken: ReadonlySet<string>): string {
  let max = 0;
  for (const id of taken) {
    const match = /^task-(\d+)$/.exec(id);
    if (match) max = Math.max(max, Number(match[1]));
  }
  let n = max + 1;
  while (taken.has(`task-${n}`)) n++;
  return `task-${n}`;
}

/** The payload's tasks with fresh ids (none in `taken`), internal links rewritten, moved by `offset`. */
export function pasteTasks(payload: ClipboardPayload, taken: ReadonlySet<string>, offset: { x: number; y: number }): GraphSquadTask[] {
  const used = new Set(taken);
  const rename = new Map<string, string>();
  for (const task of payload.tasks) {
    if (rename.has(task.id)) continue;
    const id = nextTaskId(used);
    used.add(id);
    rename.set(task.id, id);
  }
  const seen = new Set<string>();
  return payload.tasks
    .filter((task) => !seen.has(task.id) && seen.add(task.id))
    .map((task) => ({
      id: rename.get(task.id)!,
      agent: task.agent,
      name: task.name,
      objective: task.objective,
      dependsOn: [...new Set(task.dependsOn.filter((d) => rename.has(d) && d !== task.id).map((d) => rename.get(d)!))],
      coordinates: { ...task.coordinates, x: task.coordinates.x + offset.x, y: task.coordinates.y + offset.y },
    }));
}
