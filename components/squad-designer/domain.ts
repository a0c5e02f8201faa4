// Between the API's squad and the canvas: a squad record becomes nodes and edges (through the
// shared conversion in lib/graph/convert.ts), and the canvas becomes the `{ squad }` body that is
// saved — domain data only, checked with the API's own zod schema (issues.ts, loaded after the
// canvas is drawn), whose complaints are put on the nodes they concern.
import { MarkerType } from '@xyflow/react';
import type { FieldError } from '@/lib/errors';
import { edgeId, graphToSquad, tasksToGraph, type CanvasNode, type GraphSquad } from '@/lib/graph/convert';
import { graphProblems } from '@/lib/graph/rules';
import type { StoredTask } from '@/lib/graph/clipboard';
import type { SquadRecord } from '@/lib/schemas/squad';
import type { DesignerEdge, DesignerNode, Doc, Issue, Issues } from './types';
import { dict } from '@/lib/dict';

export const GRID = 16;
export const TASK_SIZE = { width: 240, height: 112 } as const;
export const MIN_TASK_SIZE = { width: 160, height: 72 } as const;

const ARROW = { type: MarkerType.ArrowClosed, width: 18, height: 18 } as const;

export function dependencyEdge(source: string, target: string, id = edgeId(source, target)): DesignerEdge {
  return { id, source, target, type: 'dependency', markerEnd: ARROW };
}

/** Nodes and edges of a squad (its tasks, planning agent and supervisor). Duplicate links get ids of their own. */
export function squadToDoc(squad: GraphSquad): Doc {
  const graph = tasksToGraph(squad);
  const taken = new Set<string>();
  const edges = graph.edges.map((edge) => {
    let id = edge.id;
    for (let i = 2; taken.has(id); i++) id = `${edge.id}#${i}`;
    taken.add(id);
    return dependencyEdge(edge.source, edge.target, id);
  });
  return { nodes: graph.nodes as DesignerNode[], edges };
}

const toCanvas = (node: DesignerNode): CanvasNode =>
  ({ id: node.id, type: node.type, position: node.position, width: node.width ?? 0, height: node.height ?? 0, data: node.data }) as CanvasNode;

/** The domain data the canvas holds: tasks (with dependsOn and coordinates), planning agent, supervisor. */
export function docToSquad(doc: Doc) {
  const squad = graphToSquad(doc.nodes.map(toCanvas), doc.edges);
  return {
    tasks: squad.tasks.map((t) => ({ ...t, dependsOn: [...t.dependsOn] })),
    planningAgent: squad.planningAgent,
    supervisor: squad.supervisor,
  };
}

export type DesignedSquad = ReturnType<typeof docToSquad>;

/** A comparable fingerprint of the domain data (what saving would change), blind to whitespace the API trims. */
export function domainKey(doc: Doc): string {
  const squad = docToSquad(doc);
  return JSON.stringify({
    ...squad,
    tasks: squad.tasks.map((t) => ({ ...t, name: t.name.trim(), objective: t.objective.trim(), agent: t.agent.trim() })),
  });
}

/** The body of PUT /squads/{id}: the squad's other fields as loaded, the canvas's tasks and agents. */
export function squadBody(record: SquadRecord, doc: Doc) {
  return {
    squad: {
      name: record.name,
      order: record.order,
      enabled: record.enabled,
      do_plan: record.do_plan,
      sectors: record.sectors,
      publisher: record.publisher,
      ...docToSquad(doc),
    },
  };
}

/** `squad.tasks.3.name` → the node and the field it names (tasks by position, planner/supervisor by kind). */
export function locate(path: string, doc: Doc): { nodeId?: string; field?: string } {
  const parts = path.split('.');
  if (parts[0] === 'squad') parts.shift();
  if (parts[0] === 'tasks' && parts.length > 1) {
    const tasks = doc.nodes.filter((n) => n.type === 'task');
    return { nodeId: tasks[Number(parts[1])]?.id, field: parts[2] };
  }
  if (parts[0] === 'planningAgent' || parts[0] === 'supervisor') {
    const type = parts[0] === 'planningAgent' ? 'planner' : 'supervisor';
    return { nodeId: doc.nodes.find((n) => n.type === type)?.id, field: parts[1] === 'id' ? 'agent' : parts[1] };
  }
  return {};
}

export function byNodeOf(list: Issue[], previous: Issues): Record<string, Issue[]> {
  const grouped = dict<Issue[]>();
  for (const issue of list) if (issue.nodeId) (grouped[issue.nodeId] ??= []).push(issue);
  for (const [id, issues] of Object.entries(grouped)) {
    const before = previous.byNode[id];
    if (before && JSON.stringify(before) === JSON.stringify(issues)) grouped[id] = before;
  }
  return grouped;
}

/** Edges that break a graph rule, with the reason (shown on the canvas). */
export function edgeProblems(doc: Doc, tasks: { id: string; dependsOn: readonly string[] }[]): Record<string, string> {
  const marks = dict<string>();
  const edgesByPair = new Map<string, string[]>();
  for (const edge of doc.edges) {
    const key = `${edge.source}\u0000${edge.target}`;
    edgesByPair.set(key, [...(edgesByPair.get(key) ?? []), edge.id]);
  }
  const mark = (source: string, target: string, message: string) => {
    for (const id of edgesByPair.get(`${source}\u0000${target}`) ?? []) marks[id] ??= message;
  };
  for (const problem of graphProblems(tasks)) {
    if (problem.kind === 'self-dependency') mark(problem.taskId, problem.taskId, problem.message);
    if (problem.kind === 'duplicate-dependency') mark(problem.dependency, problem.taskId, problem.message);
    if (problem.kind === 'cycle') {
      // cycle[i] depends on cycle[i + 1]: the edge runs from cycle[i + 1] to cycle[i].
      problem.cycle.forEach((id, i) => mark(problem.cycle[(i + 1) % problem.cycle.length], id, problem.message));
    }
  }
  return marks;
}

/** A 400's `errors[]` from the server, placed on the canvas like the schema's. */
export function serverIssues(errors: FieldError[], doc: Doc, previous: Issues): Issues {
  const list = errors.map((e) => ({ path: e.path, message: e.message, ...locate(e.path, doc) }));
  return { list, byNode: byNodeOf(list, previous), byEdge: previous.byEdge };
}

export function sameIssues(a: Issues, b: Issues): boolean {
  return JSON.stringify(a.list) === JSON.stringify(b.list) && JSON.stringify(a.byEdge) === JSON.stringify(b.byEdge);
}

/** A short human label for an issue's place: "Task “Research”: name must not be empty". */
export function describeIssue(issue: Issue, doc: Doc): string {
  const node = issue.nodeId ? doc.nodes.find((n) => n.id === issue.nodeId) : undefined;
  if (!node) return `${issue.path}: ${issue.message}`;
  const where = node.type === 'task' ? `Task “${node.data.name || node.id}”` : node.type === 'planner' ? 'Planning agent' : 'Supervisor';
  return `${where}${issue.field ? ` (${issue.field})` : ''}: ${issue.message}`;
}

type DraftSlot = { id: string; coordinates?: { x: number; y: number; width: number; height: number } } | null;

/** A local draft (./draft.ts), as stored and as ./draft-schema.ts checks it. */
export type Draft = {
  squadId: string;
  baseVersion: number;
  savedAt: string;
  squad: { tasks: StoredTask[]; planningAgent: DraftSlot; supervisor: DraftSlot };
};
