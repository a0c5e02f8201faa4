// The bare React Flow canvas of the designer comparison (issues 8 and 22), shared by the two bare
// pages bench/designer.ts opens beside the designer: the esbuild bundle (./page.tsx, nothing but
// React and React Flow) and the Next.js page (bench/bare-next, the framework's own floor). The
// same squad, drawn with @xyflow/react and nothing else: one plain node per task at its stored
// place and size, one edge per dependency, the view fitted on open, nodes draggable. No store, no
// validation, no side panel.
import { Background, Controls, ReactFlow, applyNodeChanges, type Edge, type Node, type NodeChange, type NodeProps, Handle, Position } from '@xyflow/react';
import { useCallback, useState } from 'react';

export type BareTask = { id: string; name: string; objective: string; dependsOn: string[]; coordinates: { x: number; y: number; width: number; height: number } };
type TaskNode = Node<{ name: string; objective: string }, 'task'>;

function TaskBox({ data }: NodeProps<TaskNode>) {
  return (
    <div style={{ width: '100%', height: '100%', background: '#fff', border: '1px solid #94a3b8', borderRadius: 8, padding: 8, boxSizing: 'border-box', overflow: 'hidden' }}>
      <Handle type="target" position={Position.Left} />
      <div className="sd-node-title" style={{ fontWeight: 600 }}>{data.name}</div>
      <div style={{ fontSize: 12, color: '#475569' }}>{data.objective}</div>
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

const nodeTypes = { task: TaskBox };

export function BareFlow({ tasks }: { tasks: BareTask[] }) {
  const [nodes, setNodes] = useState<TaskNode[]>(() =>
    tasks.map((t) => ({
      id: t.id,
      type: 'task',
      position: { x: t.coordinates.x, y: t.coordinates.y },
      width: t.coordinates.width,
      height: t.coordinates.height,
      data: { name: t.name, objective: t.objective },
    })),
  );
  const [edges] = useState<Edge[]>(() => tasks.flatMap((t) => t.dependsOn.map((d) => ({ id: `${d}->${t.id}`, source: d, target: t.id }))));
  const onNodesChange = useCallback((changes: NodeChange<TaskNode>[]) => setNodes((ns) => applyNodeChanges(changes, ns)), []);
  return (
    <div style={{ position: 'fixed', inset: 0 }}>
      <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} onNodesChange={onNodesChange} fitView fitViewOptions={{ padding: 0.15, maxZoom: 1 }} onlyRenderVisibleElements={nodes.length > 150} minZoom={0.05}>
        <Background />
        <Controls />
      </ReactFlow>
    </div>
  );
}
