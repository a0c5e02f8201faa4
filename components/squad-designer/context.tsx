'use client';
// Hands the editor's own store to its components; they read it with narrow selectors
// (`useDesigner((s) => s.dirty)`, or `useShallow` for several values at once).
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { DesignerState, DesignerStore } from './store';

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
