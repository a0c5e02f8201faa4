// Conversion between a squad's stored tasks and the neutral canvas nodes/edges the squad designer
// draws (React Flow shaped, no React here). A task is a node whose id is the task id; a
// dependency is an edge from the task depended on (source) to the dependent task (target).
// tasksToGraph then graphToSquad gives back exactly what went in.

export type Box = { x: number; y: number; width: number; height: number };

export type GraphSquadTask = {
  id: string;
  agent: string;
  name: string;
  objective: string;
  dependsOn: readonly string[];
  coordinates: Box;
};

export type GraphAgentSlot = { id: string; coordinates?: Box };

export type GraphSquad = {
  tasks: readonly GraphSquadTask[];
  planningAgent?: GraphAgentSlot | null;
  supervisor?: GraphAgentSlot | null;
};

export type TaskNodeData = { agent: string; name: string; objective: string };
/** `autoPlaced`: the squad stores no coordinates for this agent; the position shown is a default. */
export type AgentNodeData = { agent: string; autoPlaced: boolean };

type NodeBase = { id: string; position: { x: number; y: number }; width: number; height: number };
export type TaskNode = NodeBase & { type: 'task'; data: TaskNodeData };
export type AgentNode = NodeBase & { type: 'planner' | 'supervisor'; data: AgentNodeData };
export type CanvasNode = TaskNode | AgentNode;
export type CanvasEdge = { id: string; source: string; target: string };
export type CanvasGraph = { nodes: CanvasNode[]; edges: CanvasEdge[] };

/** Size and spacing of a planner/supervisor node that the squad has not placed yet. */
export const AGENT_NODE_SIZE = { width: 240, height: 80 } as const;
const GAP = 80;

/** A stable, collision-free edge id (task ids may hold any character). */
export const edgeId = (source: string, target: string): string =>
  `dep:${encodeURIComponent(source)}:${encodeURIComponent(target)}`;

/** A node id for the planner/supervisor that no task id uses. */
function freeId(base: string, taken: ReadonlySet<string>): string {
  let id = base;
  for (let i = 1; taken.has(id); i++) id = `${base}-${i}`;
  return id;
}

function agentNode(type: 'planner' | 'supervisor', slot: GraphAgentSlot, id: string, fallback: { x: number; y: number }): AgentNode {
  const box = slot.coordinates ?? { ...fallback, ...AGENT_NODE_SIZE };
  return {
    id,
    type,
    position: { x: box.x, y: box.y },
    width: box.width,
    height: box.height,
    data: { agent: slot.id, autoPlaced: !slot.coordinates },
  };
}

export function tasksToGraph(squad: GraphSquad): CanvasGraph {
  const nodes: CanvasNode[] = squad.tasks.map((task) => ({
    id: task.id,
    type: 'task',
    position: { x: task.coordinates.x, y: task.coordinates.y },
    width: task.coordinates.width,
    height: task.coordinates.height,
    data: { agent: task.agent, name: task.name, objective: task.objective },
  }));
  const edges: CanvasEdge[] = squad.tasks.flatMap((task) =>
    task.dependsOn.map((dependency) => ({ id: edgeId(dependency, task.id), source: dependency, target: task.id })),
  );

  const boxes = squad.tasks.map((t) => t.coordinates);
  const top = boxes.length ? Math.min(...boxes.map((b) => b.y)) : 0;
  const left = boxes.length ? Math.min(...boxes.map((b) => b.x)) : 0;
  const right = boxes.length ? Math.max(...boxes.map((b) => b.x + b.width)) : AGENT_NODE_SIZE.width;
  const taken = new Set(squad.tasks.map((t) => t.id));
  if (squad.planningAgent) {
    const id = freeId('planner', taken);
    taken.add(id);
    nodes.push(agentNode('planner', squad.planningAgent, id, { x: left - AGENT_NODE_SIZE.width - GAP, y: top }));
  }
  if (squad.supervisor) {
    nodes.push(agentNode('supervisor', squad.supervisor, freeId('supervisor', taken), { x: right + GAP, y: top }));
  }
  return { nodes, edges };
}

const boxOf = (node: CanvasNode): Box => ({ x: node.position.x, y: node.position.y, width: node.width, height: node.height });

/**
 * The squad's tasks from canvas nodes and edges, in node order: `dependsOn` lists the sources of
 * the edges into each task, in edge order. Edges that do not join two task nodes are ignored.
 */
export function graphToTasks(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): GraphSquadTask[] {
  const tasks = nodes.filter((n): n is TaskNode => n.type === 'task');
  const taskIds = new Set(tasks.map((t) => t.id));
  const dependsOn = new Map<string, string[]>();
  for (const edge of edges) {
    if (!taskIds.has(edge.source) || !taskIds.has(edge.target)) continue;
    const list = dependsOn.get(edge.target) ?? [];
    list.push(edge.source);
    dependsOn.set(edge.target, list);
  }
  return tasks.map((node) => ({
    id: node.id,
    agent: node.data.agent,
    name: node.data.name,
    objective: node.data.objective,
    dependsOn: dependsOn.get(node.id) ?? [],
    coordinates: boxOf(node),
  }));
}

function slotOf(node: AgentNode | undefined): GraphAgentSlot | null {
  if (!node) return null;
  return node.data.autoPlaced ? { id: node.data.agent } : { id: node.data.agent, coordinates: boxOf(node) };
}

/** Tasks, planning agent and supervisor from the canvas: what the designer saves in `{ squad }`. */
export function graphToSquad(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): Required<GraphSquad> {
  return {
    tasks: graphToTasks(nodes, edges),
    planningAgent: slotOf(nodes.find((n): n is AgentNode => n.type === 'planner')),
    supervisor: slotOf(nodes.find((n): n is AgentNode => n.type === 'supervisor')),
  };
}
