'use client';
// The squad's supervisor, placed on the canvas with coordinates of its own.
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { SupervisorFlowNode } from '../types';
import { AgentSlotBody } from './AgentSlotBody';

function SupervisorNodeView({ id, data, selected }: NodeProps<SupervisorFlowNode>) {
  return <AgentSlotBody id={id} kind="supervisor" data={data} selected={selected} />;
}

export const SupervisorNode = memo(SupervisorNodeView);
