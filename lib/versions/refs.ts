// Which fields of a version's state name other resources (decision 055): an agent's model, tools
// and knowledge bases; a squad's planning agent, supervisor and each task's agent. Pure, shared by
// the diff endpoint (which resolves the ids to names within the caller's company) and the console
// (which shows those names as links).
import type { FieldChange, VersionKind } from './diff';

/** A referenced resource as the diff endpoint answers it: its current name, or its last known one once deleted. */
export type RefInfo = { kind: VersionKind; name: string | null; deleted: boolean };

/** The kind of resource that field `path` (a diff change's path) of a `kind` state names, or null. */
export function refKindOf(kind: VersionKind, path: string): VersionKind | null {
  if (kind === 'agents') {
    if (path === 'model') return 'ai-models';
    if (path === 'tools') return 'tools';
    if (path === 'knowledgeBases') return 'knowledge-bases';
    return null;
  }
  if (kind === 'squads') {
    if (path === 'planningAgent' || path === 'planningAgent.id' || path === 'supervisor' || path === 'supervisor.id') return 'agents';
    // `tasks.<taskId>.agent`: a task id may hold dots, a task field never does.
    if (path.startsWith('tasks.') && path.endsWith('.agent')) return 'agents';
  }
  return null;
}

/** The ids a reference field's value holds: an id, a list of ids, or an agent slot `{ id }`. */
export function refIds(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return [value.id];
  return [];
}

/** Every resource the changes name on either side, by kind (each id once). */
export function referencedIds(kind: VersionKind, changes: FieldChange[]): Map<VersionKind, Set<string>> {
  const wanted = new Map<VersionKind, Set<string>>();
  for (const change of changes) {
    const target = refKindOf(kind, change.path);
    if (!target) continue;
    const ids = wanted.get(target) ?? new Set<string>();
    for (const id of [...refIds(change.before), ...refIds(change.after)]) ids.add(id);
    wanted.set(target, ids);
  }
  return wanted;
}
