// The canvas's node and edge types, defined once at module level (a new object on each render
// would make React Flow re-mount every node).
import type { EdgeTypes, NodeTypes } from '@xyflow/react';
import { DependencyEdge } from './edges/DependencyEdge';
import { PlannerNode } from './nodes/PlannerNode';
import { SupervisorNode } from './nodes/SupervisorNode';
import { TaskNode } from './nodes/TaskNode';

export const nodeTypes = { task: TaskNode, planner: PlannerNode, supervisor: SupervisorNode } satisfies NodeTypes;

export const edgeTypes = { dependency: DependencyEdge } satisfies EdgeTypes;
