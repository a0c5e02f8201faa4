'use client';
// What waits for the canvas's first drawing (decision 085): the sync's first run (drafts, the
// schema's check) and the parts of the designer not needed to see the squad (the side panel, the
// "Add task" dialog), whose code loads then, off the path to the nodes. (The minimap is not
// deferred: Fit view keeps the tasks clear of it, so it must be there from the first drawing.)
import { useStore } from '@xyflow/react';
import { useEffect, useState } from 'react';

const SYNC_DELAY_MS = 250;
/** A canvas that is never fitted (no task, or a view that fits as it is) counts as drawn after this. */
const DRAWN_AT_LATEST_MS = 1000;

/** After the first drawing: when the browser is idle (at most a second later), else after the sync's delay. */
export function afterOpening(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, SYNC_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * False until the canvas has drawn its nodes (React Flow has fitted the view, or a second has
 * passed) and the browser has been idle once after it; true from then on. Inside ReactFlowProvider.
 */
export function useDrawn(): boolean {
  const fitted = useStore((s) => s.transform[0] !== 0 || s.transform[1] !== 0 || s.transform[2] !== 1);
  const [late, setLate] = useState(false);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), DRAWN_AT_LATEST_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (drawn || !(fitted || late)) return;
    return afterOpening(() => setDrawn(true));
  }, [drawn, fitted, late]);
  return drawn;
}
