// The field-level difference between two versions of a resource (decision 013). Pure: no server
// or browser imports, so the API (GET .../versions/diff) and the console's History tab compute
// the very same answer.

import { dict } from '../dict';
import type { KindKey } from '../kinds';

/** Every kind of the registry (lib/kinds) keeps versions. */
export type VersionKind = KindKey;

export const VERSION_ACTIONS = ['created', 'updated', 'enabled', 'disabled', 'deleted', 'restored'] as const;
export type VersionAction = (typeof VERSION_ACTIONS)[number];

export type FieldChange = { path: string; before: unknown; after: unknown };

export type TaskRef = { id: string; name: string };
export type TaskRename = { id: string; before: string; after: string };
export type DependencyLink = { task: string; dependsOn: string };

export type TaskChanges = {
  added: TaskRef[];
  removed: TaskRef[];
  renamed: TaskRename[];
  /** Tasks present in both versions whose only difference is their position on the canvas. */
  moved: number;
  dependsOnAdded: DependencyLink[];
  dependsOnRemoved: DependencyLink[];
};

export type VersionDiff = {
  from: number;
  to: number;
  /** Changed fields (dotted paths; a squad task's fields as `tasks.<taskId>.<field>`), with before/after. */
  changes: FieldChange[];
  /** Squads only. */
  tasks?: TaskChanges;
  /** Squads only: the lines of `summary` about tasks added, removed, renamed, linked, unlinked and moved, naming tasks by name. */
  taskSummary?: string[];
  /** Squads only: the name of every task that `changes` or `tasks` names by id (the later name when renamed). */
  taskNames?: Record<string, string>;
  /** One line per change for people; position-only task changes collapse into one line. */
  summary: string[];
};

export type VersionSide = { version: number; state: unknown };

/** Bookkeeping fields that change with every write and say nothing about the resource's content. */
const IGNORED = new Set(['id', 'createdAt', 'updatedAt', 'version', 'apikeyChanged']);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Structural equality of JSON values (key order does not matter). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

/**
 * Whether two states of one resource hold the same content (the bookkeeping fields aside): a
 * change from one to the other is empty. A state whose own change replaced an AI model's provider
 * key (`apikeyChanged`) always differs: the key itself is in no state.
 */
export function sameContent(before: unknown, after: unknown): boolean {
  if (isObject(after) && after.apikeyChanged === true) return false;
  return fieldChanges(isObject(before) ? before : {}, isObject(after) ? after : {}, '', IGNORED).length === 0;
}

/** Leaf changes between two objects: nested objects are walked, arrays and `coordinates` compared whole. */
function fieldChanges(before: Json, after: Json, prefix = '', ignore: Set<string> = new Set()): FieldChange[] {
  const changes: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const key of keys) {
    if (ignore.has(key)) continue;
    const a = before[key];
    const b = after[key];
    if (sameValue(a, b)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(a) && isObject(b) && key !== 'coordinates') changes.push(...fieldChanges(a, b, path));
    else changes.push({ path, before: a ?? null, after: b ?? null });
  }
  return changes;
}

type Task = { id: string; name: string; dependsOn: string[]; [field: string]: unknown };

function tasksOf(state: Json): Task[] {
  const tasks = Array.isArray(state.tasks) ? state.tasks : [];
  return tasks.filter(isObject).map((t) => ({
    ...t,
    id: String(t.id),
    name: typeof t.name === 'string' ? t.name : String(t.id),
    dependsOn: Array.isArray(t.dependsOn) ? t.dependsOn.map(String) : [],
  }));
}

function diffTasks(before: Task[], after: Task[]): { tasks: TaskChanges; changes: FieldChange[] } {
  const beforeById = new Map(before.map((t) => [t.id, t]));
  const afterById = new Map(after.map((t) => [t.id, t]));
  const tasks: TaskChanges = { added: [], removed: [], renamed: [], moved: 0, dependsOnAdded: [], dependsOnRemoved: [] };
  const changes: FieldChange[] = [];
  for (const t of after) if (!beforeById.has(t.id)) tasks.added.push({ id: t.id, name: t.name });
  for (const t of before) if (!afterById.has(t.id)) tasks.removed.push({ id: t.id, name: t.name });
  for (const b of after) {
    const a = beforeById.get(b.id);
    if (!a) continue;
    if (a.name !== b.name) tasks.renamed.push({ id: b.id, before: a.name, after: b.name });
    const other = fieldChanges(a, b, `tasks.${b.id}`, new Set(['id', 'name', 'dependsOn', 'coordinates']));
    changes.push(...other);
    if (!sameValue(a.coordinates, b.coordinates) && a.name === b.name && other.length === 0 && sameValue(a.dependsOn, b.dependsOn)) tasks.moved++;
    else if (!sameValue(a.coordinates, b.coordinates)) changes.push({ path: `tasks.${b.id}.coordinates`, before: a.coordinates ?? null, after: b.coordinates ?? null });
  }
  // Links of tasks present on either side: added ones exist only after, removed ones only before.
  const links = (list: Task[]) => new Set(list.flatMap((t) => t.dependsOn.map((d) => `${t.id}\u0000${d}`)));
  const beforeLinks = links(before);
  const afterLinks = links(after);
  const split = (key: string): DependencyLink => {
    const [task, dependsOn] = key.split('\u0000');
    return { task, dependsOn };
  };
  for (const key of afterLinks) if (!beforeLinks.has(key)) tasks.dependsOnAdded.push(split(key));
  for (const key of beforeLinks) if (!afterLinks.has(key)) tasks.dependsOnRemoved.push(split(key));
  return { tasks, changes };
}

const LABEL_MAX = 60;

function show(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? 'null';
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text;
}

function changeLine(change: FieldChange): string {
  if (change.path === 'coordinates' || change.path.endsWith('.coordinates')) return `${change.path.slice(0, -'.coordinates'.length) || 'it'} moved`;
  const long = (v: unknown) => (typeof v === 'string' && v.length > LABEL_MAX) || (typeof v === 'object' && v !== null && JSON.stringify(v).length > LABEL_MAX);
  if (long(change.before) || long(change.after)) return `${change.path} changed`;
  return `${change.path}: ${show(change.before)} → ${show(change.after)}`;
}

function taskLines(tasks: TaskChanges, nameOf: (id: string) => string): string[] {
  const lines: string[] = [];
  for (const t of tasks.added) lines.push(`Task "${t.name}" added`);
  for (const t of tasks.removed) lines.push(`Task "${t.name}" removed`);
  for (const t of tasks.renamed) lines.push(`Task renamed "${t.before}" → "${t.after}"`);
  for (const l of tasks.dependsOnAdded) lines.push(`Task "${nameOf(l.task)}" now depends on "${nameOf(l.dependsOn)}"`);
  for (const l of tasks.dependsOnRemoved) lines.push(`Task "${nameOf(l.task)}" no longer depends on "${nameOf(l.dependsOn)}"`);
  if (tasks.moved) lines.push(tasks.moved === 1 ? '1 task moved' : `${tasks.moved} tasks moved`);
  return lines;
}

/**
 * The changes from version `from` to version `to` of one resource of kind `kind`. The fields
 * `id`, `createdAt`, `updatedAt` and `version` are bookkeeping and never reported. An AI model's
 * `apikeySet` is compared like any field; when the later version's own change replaced the key
 * (`apikeyChanged`), the summary says so (the key itself is in no version).
 */
export function diffVersions(kind: VersionKind, from: VersionSide, to: VersionSide): VersionDiff {
  const before = isObject(from.state) ? from.state : {};
  const after = isObject(to.state) ? to.state : {};
  if (kind !== 'squads') {
    const changes = fieldChanges(before, after, '', IGNORED);
    const summary = changes.map(changeLine);
    if (kind === 'ai-models' && after.apikeyChanged === true && to.version !== from.version && !changes.some((c) => c.path === 'apikeySet')) {
      summary.push('Provider key replaced');
    }
    return { from: from.version, to: to.version, changes, summary };
  }
  const beforeTasks = tasksOf(before);
  const afterTasks = tasksOf(after);
  const fields = fieldChanges(before, after, '', new Set([...IGNORED, 'tasks']));
  const { tasks, changes: taskFieldChanges } = diffTasks(beforeTasks, afterTasks);
  const names = new Map([...beforeTasks, ...afterTasks].map((t) => [t.id, t.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const changes = [...fields, ...taskFieldChanges];
  const taskSummary = taskLines(tasks, nameOf);
  const summary = [
    ...fields.map(changeLine),
    ...taskSummary,
    ...taskFieldChanges.map((c) => {
      // `tasks.<taskId>.<field>`: a task id may hold dots, a task field never does.
      const dot = c.path.lastIndexOf('.');
      if (c.path.slice(dot + 1) === 'coordinates') return `Task "${nameOf(c.path.slice('tasks.'.length, dot))}" moved`;
      return `Task "${nameOf(c.path.slice('tasks.'.length, dot))}": ${changeLine({ ...c, path: c.path.slice(dot + 1) })}`;
    }),
  ];
  const taskNames = dict<string>(); // keyed by task ids, which users choose (decision 022)
  const named = [
    ...taskFieldChanges.map((c) => c.path.slice('tasks.'.length, c.path.lastIndexOf('.'))),
    ...[...tasks.dependsOnAdded, ...tasks.dependsOnRemoved].flatMap((l) => [l.task, l.dependsOn]),
    ...[...tasks.added, ...tasks.removed, ...tasks.renamed].map((t) => t.id),
  ];
  for (const taskId of named) if (names.has(taskId)) taskNames[taskId] = names.get(taskId)!;
  return { from: from.version, to: to.version, changes, tasks, taskSummary, taskNames, summary };
}
