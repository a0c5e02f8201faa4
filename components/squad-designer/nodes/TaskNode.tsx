'use client';
// A task on the canvas: its name (up to two lines), its agent (with the agent's enabled state) and
// as many whole lines of its objective as the node's height leaves room for (designer.css);
// a handle on top (the dependencies come in) and one below (the tasks that depend on it go out).
// Resizable while selected. Zoomed far out (text unreadable anyway) it shows its name only: far
// fewer elements for the browser to style, paint and hit-test, no clipping box (designer.css),
// and its handles only when in use. Memoized: it re-renders when its
// own node, agent or issues change, or when the zoom crosses that threshold.
import { Handle, NodeResizer, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useIssues } from '../context';
import { MIN_TASK_SIZE } from '../domain';
import type { TaskFlowNode } from '../types';
import { AgentLine } from './AgentLine';
import { IssueNote } from './IssueNote';
import { useFarOut } from './zoom';

function TaskNodeView({ id, data, selected }: NodeProps<TaskFlowNode>) {
  const issues = useIssues((all) => all.byNode[id]);
  const compact = useFarOut();
  // The handles sit outside the clipped body so that all of each stays under the pointer. Zoomed
  // far out they show on the task under the pointer, a selected task and while linking only
  // (designer.css: drawing 2,000 handles costs the browser a third of a drag's frame).
  const handle = compact ? 'sd-handle sd-handle-far' : 'sd-handle';
  return (
    <>
      <Handle type="target" position={Position.Top} className={handle} title="Dependencies come in here" />
      {selected && !compact && <NodeResizer minWidth={MIN_TASK_SIZE.width} minHeight={MIN_TASK_SIZE.height} color="var(--accent)" />}
      <div className="sd-node sd-task" data-selected={selected || undefined} data-invalid={issues ? true : undefined} data-compact={compact || undefined}>
        {compact ? (
          <div className="sd-node-title" title={data.name.trim() || id}>
            {data.name.trim() || id}
          </div>
        ) : (
          <>
            <div className="sd-node-title" title={data.name}>
              {data.name.trim() || <span className="sd-placeholder">Unnamed task</span>}
            </div>
            <AgentLine agentId={data.agent} />
            <div className="sd-objective" title={data.objective}>
              <p>{data.objective}</p>
            </div>
            {issues && <IssueNote issues={issues} />}
          </>
        )}
      </div>
      <Handle type="source" position={Position.Bottom} className={handle} title="Drag to a task that depends on this one" />
    </>
  );
}

export const TaskNode = memo(TaskNodeView);
