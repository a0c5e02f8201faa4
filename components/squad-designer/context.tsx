'use client';
// Hands the editor's own store to its components; they read it with narrow selectors
// (`useDesigner((s) => s.dirty)`, or `useShallow` for several values at once). What every node
// and edge reads (its problems, its agent) goes through `useIssues` / `useAgents`: their
// selectors run only when the issues or the agents change, not at each frame of a drag (a
// thousand nodes each running a selector on every change of the store cost more than the drag).
import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { DesignerState, DesignerStore } from './store';
import type { AgentInfo, Issues } from './types';

const DesignerContext = createContext<DesignerStore | null>(null);

export function DesignerProvider({ store, children }: { store: DesignerStore; children: ReactNode }) {
  return <DesignerContext.Provider value={store}>{children}</DesignerContext.Provider>;
}

/** The store itself, for event handlers that read the state when they run (`api.getState()`). */
export function useDesignerApi(): DesignerStore {
  const store = useContext(DesignerContext);
  if (!store) throw new Error('useDesignerApi outside <DesignerProvider>');
  return store;
}

export function useDesigner<T>(selector: (state: DesignerState) => T): T {
  return useStore(useDesignerApi(), selector);
}

/**
 * A value read from one part of the state (`part`, a module-level function returning a value that
 * is replaced, never mutated, when it changes): `selector` runs when that part changes only. Its
 * result must be stable while the part is (a value, or an object taken from the part as it is).
 */
function usePart<P, T>(part: (state: DesignerState) => P, selector: (value: P) => T): T {
  const store = useDesignerApi();
  const subscribe = useCallback(
    (changed: () => void) =>
      store.subscribe((state, previous) => {
        if (part(state) !== part(previous)) changed();
      }),
    [store, part],
  );
  const read = () => selector(part(store.getState()));
  return useSyncExternalStore(subscribe, read, read);
}

const issuesOf = (s: DesignerState) => s.issues;
const agentsOf = (s: DesignerState) => s.agents;

/** Reads the problems found (see usePart): `useIssues((issues) => issues.byNode[id])`. */
export function useIssues<T>(selector: (issues: Issues) => T): T {
  return usePart(issuesOf, selector);
}

/** Reads the company's agents (null until loaded; see usePart). */
export function useAgents<T>(selector: (agents: Record<string, AgentInfo> | null) => T): T {
  return usePart(agentsOf, selector);
}
