// Auto-layout of a squad's canvas with dagre (a layered layout made for directed graphs): tasks
// in ranks along their dependencies (a dependency above the tasks that depend on it), the
// planning agent to the left of the tasks and the supervisor to their right. Pure: sizes in,
// top-left positions out (snapped to the grid), kept where the tasks' top-left corner was.
//
// dagre pays for every rank an edge crosses (it threads a dummy node through each), so a long
// chain with shortcuts (A→B→…→Z plus A→Z) costs it quadratic time. The layout therefore ranks
// by the transitive reduction (a shortcut implied by a longer path does not change the ranks;
// it is still drawn), and leaves out of the ranking the longest remaining edges beyond a budget.
import dagre from '@dagrejs/dagre';

export type LayoutItem = { id: string; kind: 'task' | 'planner' | 'supervisor'; width: number; height: number; x: number; y: number };
export type LayoutLink = { source: string; target: string };
import type { Point } from './spot';

export type { Point };

export type LayoutOptions = {
  /** TB: dependencies above their dependents (the canvas's handles are top and bottom). */
  direction?: 'TB' | 'LR';
  /** Space between tasks of one rank. */
  nodeGap?: number;
  /** Space between ranks. */
  rankGap?: number;
  /** Positions are rounded to this grid (the canvas's snapping grid); 0 or 1 for none. */
  grid?: number;
};

const AGENT_GAP = 96;

/** Ranks crossed by the layout's edges, in total, beyond which the longest edges are left out of it. */
export const MAX_CROSSED_RANKS = 20_000;

/**
 * The links that shape the layout: self-links, unknown ends and duplicates dropped; on an acyclic
 * graph only its transitive reduction, within MAX_CROSSED_RANKS (a cyclic one is left to dagre).
 */
export function layoutLinks(ids: readonly string[], links: readonly LayoutLink[], budget = MAX_CROSSED_RANKS): LayoutLink[] {
  const index = new Map(ids.map((id, i) => [id, i]));
  const succ: number[][] = ids.map(() => []);
  const seen = new Set<string>();
  for (const { source, target } of links) {
    const s = index.get(source);
    const t = index.get(target);
    if (s === undefined || t === undefined || s === t || seen.has(`${s}:${t}`)) continue;
    seen.add(`${s}:${t}`);
    succ[s].push(t);
  }
  const all = () => succ.flatMap((targets, s) => targets.map((t) => ({ source: ids[s], target: ids[t] })));

  // Topological order (Kahn); a cycle leaves some node unordered.
  const indegree = new Array<number>(ids.length).fill(0);
  for (const targets of succ) for (const t of targets) indegree[t]++;
  const order: number[] = [];
  for (let i = 0; i < ids.length; i++) if (!indegree[i]) order.push(i);
  for (let k = 0; k < order.length; k++) for (const t of succ[order[k]]) if (!--indegree[t]) order.push(t);
  if (order.length < ids.length) return all();

  // Reachability as bit sets, from the sinks up: reach[u] = everything below u.
  const words = Math.ceil(ids.length / 32);
  const reach = ids.map(() => new Uint32Array(words));
  const has = (set: Uint32Array, i: number) => (set[i >>> 5] & (1 << (i & 31))) !== 0;
  const kept: [number, number][] = [];
  for (let k = order.length - 1; k >= 0; k--) {
    const u = order[k];
    const below = new Uint32Array(words);
    for (const w of succ[u]) for (let j = 0; j < words; j++) below[j] |= reach[w][j];
    // u→v is implied when v is below another successor of u.
    for (const v of succ[u]) if (!has(below, v)) kept.push([u, v]);
    for (const v of succ[u]) below[v >>> 5] |= 1 << (v & 31);
    reach[u] = below;
  }

  // Longest-path ranks; the longest edges go first when they cross too many ranks in total.
  const rank = new Array<number>(ids.length).fill(0);
  const keptSucc: number[][] = ids.map(() => []);
  for (const [u, v] of kept) keptSucc[u].push(v);
  for (const u of order) for (const v of keptSucc[u]) rank[v] = Math.max(rank[v], rank[u] + 1);
  const span = ([u, v]: [number, number]) => rank[v] - rank[u] - 1;
  kept.sort((a, b) => span(a) - span(b) || a[0] - b[0] || a[1] - b[1]);
  let crossed = 0;
  const within = kept.filter((edge) => (crossed += span(edge)) <= budget || span(edge) === 0);
  return within.map(([u, v]) => ({ source: ids[u], target: ids[v] }));
}

const snap = (value: number, grid: number) => (grid > 1 ? Math.round(value / grid) * grid : value);

/** New top-left positions for every item (tasks by dagre, planner and supervisor beside them). */
export function layoutCanvas(items: readonly LayoutItem[], links: readonly LayoutLink[], options: LayoutOptions = {}): Map<string, Point> {
  const { direction = 'TB', nodeGap = 48, rankGap = 80, grid = 16 } = options;
  const tasks = items.filter((item) => item.kind === 'task');
  const positions = new Map<string, Point>();

  const origin = tasks.length
    ? { x: Math.min(...tasks.map((t) => t.x)), y: Math.min(...tasks.map((t) => t.y)) }
    : { x: 0, y: 0 };
  let bounds = { left: origin.x, top: origin.y, right: origin.x, bottom: origin.y };

  if (tasks.length) {
    const g = new dagre.graphlib.Graph({ multigraph: false });
    g.setGraph({ rankdir: direction, nodesep: nodeGap, ranksep: rankGap, marginx: 0, marginy: 0 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const task of tasks) g.setNode(task.id, { width: task.width, height: task.height });
    for (const link of layoutLinks(tasks.map((t) => t.id), links)) g.setEdge(link.source, link.target);
    dagre.layout(g);

    // dagre answers centres from its own origin; move the drawing to where the tasks were.
    let minX = Infinity;
    let minY = Infinity;
    for (const task of tasks) {
      const { x, y } = g.node(task.id) as { x: number; y: number };
      minX = Math.min(minX, x - task.width / 2);
      minY = Math.min(minY, y - task.height / 2);
    }
    bounds = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (const task of tasks) {
      const { x, y } = g.node(task.id) as { x: number; y: number };
      const position = {
        x: snap(origin.x + x - task.width / 2 - minX, grid),
        y: snap(origin.y + y - task.height / 2 - minY, grid),
      };
      positions.set(task.id, position);
      bounds = {
        left: Math.min(bounds.left, position.x),
        top: Math.min(bounds.top, position.y),
        right: Math.max(bounds.right, position.x + task.width),
        bottom: Math.max(bounds.bottom, position.y + task.height),
      };
    }
  }

  for (const item of items) {
    if (item.kind === 'planner') positions.set(item.id, { x: snap(bounds.left - AGENT_GAP - item.width, grid), y: snap(bounds.top, grid) });
    if (item.kind === 'supervisor') positions.set(item.id, { x: snap(bounds.right + AGENT_GAP, grid), y: snap(bounds.top, grid) });
  }
  return positions;
}

// freeSpot lives in ./spot (no dagre): the designer loads this module only when asked to lay out.
export { freeSpot } from './spot';
