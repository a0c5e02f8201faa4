// The order in which a squad's tasks can run: each task after the tasks it depends on, ties in
// the stored order (Kahn's algorithm). Tasks caught in a cycle (which the API refuses) come last.
import type { SquadTaskRecord } from '@/lib/schemas/squad';

export function runOrder(tasks: readonly SquadTaskRecord[]): SquadTaskRecord[] {
  const ids = new Set(tasks.map((t) => t.id));
  const waiting = new Map(tasks.map((t) => [t.id, new Set(t.dependsOn.filter((d) => ids.has(d) && d !== t.id))]));
  const done = new Set<string>();
  const ordered: SquadTaskRecord[] = [];
  let progress = true;
  while (progress) {
    progress = false;
    for (const task of tasks) {
      if (done.has(task.id)) continue;
      if ([...waiting.get(task.id)!].every((d) => done.has(d))) {
        done.add(task.id);
        ordered.push(task);
        progress = true;
        break; // restart from the top: the earliest stored task that is ready goes next
      }
    }
  }
  return [...ordered, ...tasks.filter((t) => !done.has(t.id))];
}
