'use client';
import { BareFlow, type BareTask } from '../../bare-designer/flow';

export function Flow({ tasks }: { tasks: BareTask[] }) {
  return <BareFlow tasks={tasks} />;
}
