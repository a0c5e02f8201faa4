// The designer's canvas types: one node type per kind (task, planning agent, supervisor) as a
// union, dependency edges, and the company's agents as the nodes show them.
import type { Edge, Node } from '@xyflow/react';
import type { AgentNodeData, TaskNodeData } from '@/lib/graph/convert';
import { dict } from '@/lib/dict';

export type TaskFlowNode = Node<TaskNodeData, 'task'>;
export type PlannerFlowNode = Node<AgentNodeData, 'planner'>;
export type SupervisorFlowNode = Node<AgentNodeData, 'supervisor'>;
export type DesignerNode = TaskFlowNode | PlannerFlowNode | SupervisorFlowNode;

/** An edge from the task depended on (source) to the task that depends on it (target). */
export type DesignerEdge = Edge<Record<string, never>, 'dependency'>;

/** What the canvas holds of a squad: the undo/redo history keeps these. */
export type Doc = { nodes: DesignerNode[]; edges: DesignerEdge[] };

export type AgentInfo = { id: string; name: string; enabled: boolean };

/** A rule or field broken by the canvas, attached to the node (and field) it concerns when there is one. */
export type Issue = { path: string; message: string; nodeId?: string; field?: string };

export type Issues = {
  list: Issue[];
  /** Per node, the same array instance as long as its issues do not change (nodes re-render on change only). */
  byNode: Record<string, Issue[]>;
  /** Edges taking part in a broken rule (cycle, self-link, duplicate), with the reason. */
  byEdge: Record<string, string>;
};

/** Keyed by node and edge ids, which come from task ids that users choose: prototype-free (decision 022). */
export const NO_ISSUES: Issues = { list: [], byNode: dict(), byEdge: dict() };
