// The bare React Flow page of issue 8's designer comparison (bench/designer.ts bundles it with
// esbuild and serves it): the same squad, fetched as JSON, drawn with @xyflow/react and nothing
// else: one plain node per task at its stored place and size, one edge per dependency, the
// view fitted on open, nodes draggable. No store, no validation, no side panel.
import { Background, Controls, ReactFlow, applyNodeChanges, type Edge, type Node, type NodeChange, type NodeProps, Handle, Position } from '@xyflow/react';
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Task = { id: string; name: string; objective: string; dependsOn: string[]; coordinates: { x: number; y: number; width: number; height: number } };
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

function App() {
  const [nodes, setNodes] = useState<TaskNode[] | null>(null);
  const [edges, setEdges] = useState<Edge[]>([]);
  useEffect(() => {
    void fetch(`squad.json${location.search}`)
      .then((r) => r.json())
      .then((tasks: Task[]) => {
        setNodes(
          tasks.map((t) => ({
            id: t.id,
            type: 'task',
            position: { x: t.coordinates.x, y: t.coordinates.y },
            width: t.coordinates.width,
            height: t.coordinates.height,
            data: { name: t.name, objective: t.objective },
          })),
        );
        setEdges(tasks.flatMap((t) => t.dependsOn.map((d) => ({ id: `${d}->${t.id}`, source: d, target: t.id }))));
      });
  }, []);
  const onNodesChange = useCallback((changes: NodeChange<TaskNode>[]) => setNodes((ns) => (ns ? applyNodeChanges(changes, ns) : ns)), []);
  if (!nodes) return <p>Loading…</p>;
  return (
    <div style={{ position: 'fixed', inset: 0 }}>
      <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} onNodesChange={onNodesChange} fitView fitViewOptions={{ padding: 0.15, maxZoom: 1 }} onlyRenderVisibleElements={nodes.length > 150} minZoom={0.05}>
        <Background />
        <Controls />
      </ReactFlow>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
