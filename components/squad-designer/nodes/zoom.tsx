'use client';
// Whether the canvas is zoomed too far out for a node's details to be read: read once for the
// canvas and handed to the nodes through a context (one subscription to React Flow's store, not
// one per node run at every change of a drag). The nodes re-render when it flips only.
import { useStore, type ReactFlowState } from '@xyflow/react';
import { createContext, useContext, type ReactNode } from 'react';

/** Below this zoom a node shows its name only. */
export const DETAIL_ZOOM = 0.5;
const farOut = (s: ReactFlowState) => s.transform[2] < DETAIL_ZOOM;

const FarOut = createContext(false);

/** Inside a ReactFlowProvider, around the canvas. */
export function ZoomDetailProvider({ children }: { children: ReactNode }) {
  return <FarOut.Provider value={useStore(farOut)}>{children}</FarOut.Provider>;
}

export const useFarOut = () => useContext(FarOut);
