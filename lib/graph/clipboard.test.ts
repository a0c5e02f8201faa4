import { describe, expect, it } from 'vitest';
import { CLIPBOARD_KIND, copyTasks, nextTaskId, pasteTasks } from './clipboard';
import { parseClipboard } from './clipboard-schema';
import type { GraphSquadTask } from './convert';
import { graphProblems } from './rules';

const task = (id: string, dependsOn: string[] = [], x = 0, y = 0): GraphSquadTask => ({
  id,
  agent: `agent-${id}`,
  name: `Task ${id}`,
  objective: `Objective ${id}`,
  dependsOn,
  coordinates: { x, y, width: 240, height: 96 },
});

describe('copyTasks', () => {
  it('copies the selected tasks with their links among themselves only', () => {
    const tasks = [task('a'), task('b', ['a']), task('c', ['a', 'b'])];
    const payload = copyTasks(tasks, new Set(['b', 'c']))!;
    expect(payload.kind).toBe(CLIPBOARD_KIND);
    expect(payload.tasks.map((t) => [t.id, t.dependsOn])).toEqual([
      ['b', []],
      ['c', ['b']],
    ]);
    expect(copyTasks(tasks, new Set())).toBeNull();
  });
});

describe('parseClipboard', () => {
  it('reads back a payload and refuses anything else', () => {
    const payload = copyTasks([task('a')], new Set(['a']))!;
    expect(parseClipboard(JSON.stringify(payload))).toEqual(payload);
    expect(parseClipboard('hello')).toBeNull();
    expect(parseClipboard('{"kind":"other","version":1,"tasks":[]}')).toBeNull();
    expect(parseClipboard(JSON.stringify({ ...payload, tasks: [{ id: 'x' }] }))).toBeNull();
    expect(parseClipboard(null)).toBeNull();
  });
});

describe('pasteTasks', () => {
  it('gives fresh ids that the target does not use, keeps internal links and moves the tasks', () => {
    const payload = copyTasks([task('task-1'), task('task-2', ['task-1'], 100, 50)], new Set(['task-1', 'task-2']))!;
    const taken = new Set(['task-1', 'task-2', 'task-7', 'planner']);
    const pasted = pasteTasks(payload, taken, { x: 32, y: 16 });
    expect(pasted.map((t) => t.id)).toEqual(['task-8', 'task-9']);
    expect(pasted[1].dependsOn).toEqual(['task-8']);
    expect(pasted[1].coordinates).toEqual({ x: 132, y: 66, width: 240, height: 96 });
    expect(pasted[0].name).toBe('Task task-1');
    // Pasting into the same squad twice never collides.
    const again = pasteTasks(payload, new Set([...taken, ...pasted.map((t) => t.id)]), { x: 64, y: 32 });
    expect(again.map((t) => t.id)).toEqual(['task-10', 'task-11']);
  });

  it('answers a graph the rules accept even from a tampered payload (self-links, duplicates, outside links)', () => {
    const payload = {
      kind: CLIPBOARD_KIND,
      version: 1 as const,
      tasks: [task('a', ['a', 'zzz']), task('b', ['a', 'a']), task('a', [])].map((t) => ({ ...t, dependsOn: [...t.dependsOn] })),
    };
    const pasted = pasteTasks(payload, new Set(), { x: 0, y: 0 });
    expect(pasted).toHaveLength(2);
    expect(pasted[0].dependsOn).toEqual([]);
    expect(pasted[1].dependsOn).toEqual([pasted[0].id]);
    expect(graphProblems(pasted)).toEqual([]);
  });
});

describe('nextTaskId', () => {
  it('counts past the highest task-<n> and skips ids in use', () => {
    expect(nextTaskId(new Set())).toBe('task-1');
    expect(nextTaskId(new Set(['task-3', 'x', 'task-01']))).toBe('task-4');
  });
});
