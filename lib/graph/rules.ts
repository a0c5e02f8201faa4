// Squad graph rules (D7), shared by the API's validation and the squad designer's canvas:
// task ids unique; dependsOn names tasks of the same squad, once each, never the task itself;
// no cycles. Pure functions, no I/O.

export type GraphTask = { id: string; dependsOn: readonly string[] };

export type GraphProblem =
  | { kind: 'duplicate-id'; index: number; taskId: string; message: string }
  | { kind: 'self-dependency'; index: number; taskId: string; depIndex: number; message: string }
  | { kind: 'unknown-dependency'; index: number; taskId: string; depIndex: number; dependency: string; message: string }
  | { kind: 'duplicate-dependency'; index: number; taskId: string; depIndex: number; dependency: string; message: string }
  | { kind: 'cycle'; index: number; taskId: string; cycle: string[]; message: string };

/** Every rule broken by the tasks, in task order. An empty list means the graph is valid. */
export function graphProblems(tasks: readonly GraphTask[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const firstIndex = new Map<string, number>();
  tasks.forEach((task, index) => {
    if (firstIndex.has(task.id)) {
      problems.push({ kind: 'duplicate-id', index, taskId: task.id, message: `task id "${task.id}" is used by more than one task` });
    } else firstIndex.set(task.id, index);
  });
  tasks.forEach((task, index) => {
    const seen = new Set<string>();
    task.dependsOn.forEach((dependency, depIndex) => {
      if (dependency === task.id) {
        problems.push({ kind: 'self-dependency', index, taskId: task.id, depIndex, message: `task "${task.id}" cannot depend on itself` });
      } else if (!firstIndex.has(dependency)) {
        problems.push({ kind: 'unknown-dependency', index, taskId: task.id, depIndex, dependency, message: `no task with id "${dependency}" in this squad` });
      } else if (seen.has(dependency)) {
        problems.push({ kind: 'duplicate-dependency', index, taskId: task.id, depIndex, dependency, message: `"${dependency}" is listed twice` });
      }
      seen.add(dependency);
    });
  });
  for (const cycle of findCycles(tasks)) {
    const index = firstIndex.get(cycle[0]) ?? 0;
    problems.push({
      kind: 'cycle',
      index,
      taskId: cycle[0],
      cycle,
      message: `dependencies form a cycle: ${[...cycle, cycle[0]].map((id) => `"${id}"`).join(' → ')}`,
    });
  }
  return problems;
}

/**
 * The cycles among the tasks' dependencies (each reported once, as the ids along it, starting
 * from the cycle's earliest task). Self-dependencies and unknown ids are left to graphProblems.
 */
export function findCycles(tasks: readonly GraphTask[]): string[][] {
  const deps = new Map<string, string[]>();
  for (const task of tasks) if (!deps.has(task.id)) deps.set(task.id, task.dependsOn.filter((d) => d !== task.id));
  const state = new Map<string, 'visiting' | 'done'>();
  const cycles: string[][] = [];
  const order = new Map([...deps.keys()].map((id, i) => [id, i]));

  // Iterative DFS so that a 1,000-task chain cannot overflow the stack.
  for (const start of deps.keys()) {
    if (state.has(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    const path: string[] = [start];
    state.set(start, 'visiting');
    while (stack.length) {
      const frame = stack[stack.length - 1];
      const children = (deps.get(frame.id) ?? []).filter((d) => deps.has(d));
      if (frame.next < children.length) {
        const child = children[frame.next++];
        const s = state.get(child);
        if (s === 'visiting') {
          const cycle = path.slice(path.indexOf(child));
          const first = cycle.reduce((best, id, i) => ((order.get(id) ?? 0) < (order.get(cycle[best]) ?? 0) ? i : best), 0);
          cycles.push([...cycle.slice(first), ...cycle.slice(0, first)]);
        } else if (!s) {
          state.set(child, 'visiting');
          stack.push({ id: child, next: 0 });
          path.push(child);
        }
      } else {
        state.set(frame.id, 'done');
        stack.pop();
        path.pop();
      }
    }
  }
  return cycles;
}

/**
 * For each task of the squad, why `task` may not gain a dependency on it, or null when it may: the
 * one rule for a link dragged on the canvas and for the task panel's "Depends on" picker. Adding
 * task → dependency closes a cycle when the dependency already depends on `task`, directly or not.
 */
export function dependencyRefusals(tasks: readonly GraphTask[], task: string): Map<string, string | null> {
  const refusals = new Map<string, string | null>();
  const target = tasks.find((t) => t.id === task);
  if (!target) {
    for (const t of tasks) refusals.set(t.id, 'Both ends must be tasks of this squad');
    return refusals;
  }
  const dependents = new Map<string, string[]>();
  for (const t of tasks) {
    for (const d of t.dependsOn) {
      const list = dependents.get(d);
      if (list) list.push(t.id);
      else dependents.set(d, [t.id]);
    }
  }
  const closesCycle = new Set<string>();
  const queue = [task];
  while (queue.length) {
    const id = queue.pop()!;
    for (const next of dependents.get(id) ?? []) {
      if (closesCycle.has(next)) continue;
      closesCycle.add(next);
      queue.push(next);
    }
  }
  const existing = new Set(target.dependsOn);
  for (const t of tasks) {
    if (refusals.has(t.id)) continue;
    refusals.set(
      t.id,
      t.id === task ? 'A task cannot depend on itself' : existing.has(t.id) ? 'This dependency already exists' : closesCycle.has(t.id) ? 'This link would create a cycle' : null,
    );
  }
  return refusals;
}

/** Why `task` may not gain a dependency on `dependency`, or null when it may (used while dragging a link). */
export function dependencyRefusal(tasks: readonly GraphTask[], task: string, dependency: string): string | null {
  if (task === dependency) return 'A task cannot depend on itself';
  const refusals = dependencyRefusals(tasks, task);
  return refusals.has(dependency) ? refusals.get(dependency)! : 'Both ends must be tasks of this squad';
}
