'use client';
// The squad's planning agent, placed on the canvas with coordinates of its own.
import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { PlannerFlowNode } from '../types';
import { AgentSlotBody } from './AgentSlotBody';

function PlannerNodeView({ id, data, selected }: NodeProps<PlannerFlowNode>) {
  return <AgentSlotBody id={id} kind="planner" data={data} selected={selected} />;
}

export const PlannerNode = memo(PlannerNodeView);
