'use client';
// Whether the canvas is zoomed too far out for a node's details to be read: read once for the
// canvas and handed to the nodes through a context (one subscription to React Flow's store, not
// one per node run at every change of a drag). The nodes re-render when it flips only.
// Until the opening view is fitted the nodes are drawn with their names only too: a large squad
// opens zoomed far out, and drawing every node's details at zoom 1 first, to replace them a
// frame later, was most of the opening's style and layout work. (The canvas now draws its first
// frame fitted when it can: then there is nothing to wait for.)
import { useStore, type ReactFlowState } from '@xyflow/react';
import { createContext, useContext, useState, type ReactNode } from 'react';

/** Below this zoom a node shows its name only. */
export const DETAIL_ZOOM = 0.5;
const farOut = (s: ReactFlowState) => s.transform[2] < DETAIL_ZOOM;
const fitPending = (s: ReactFlowState) => s.fitViewQueued;

const FarOut = createContext(false);

/**
 * Inside a ReactFlowProvider, around the canvas. `fitted`: the canvas is drawn with its opening
 * view from the first frame (Canvas.tsx), so there is no fit to wait for.
 */
export function ZoomDetailProvider({ fitted, children }: { fitted: boolean; children: ReactNode }) {
  const far = useStore(farOut);
  const pending = useStore(fitPending);
  // The opening fit is queued (by the fitView prop, once React Flow has the nodes), then done.
  // Latched once done: a later Fit view (which queues a fit too) does not flash names only.
  const [stage, setStage] = useState<'before' | 'fitting' | 'opened'>('before');
  if (stage === 'before' && pending) setStage('fitting');
  if (stage === 'fitting' && !pending) setStage('opened');
  return <FarOut.Provider value={far || (!fitted && stage !== 'opened')}>{children}</FarOut.Provider>;
}

export const useFarOut = () => useContext(FarOut);
