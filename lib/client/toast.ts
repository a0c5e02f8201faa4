'use client';
// The console's toasts (sonner) without sonner in any page's first load (decision 028): sonner
// with its styles weighs ~10 kB gzip, more than anything else in the root layout. `toast.*`
// here has sonner's signature; the first call (or the Toaster, mounted at the person's first
// action: ./first-use.ts) loads sonner, and calls made before it arrives are shown as soon as it has.
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['success']>[0];

let loading: Promise<Sonner> | undefined;
let mounted: () => void = () => {};
/** Resolved once the Toaster listens: sonner drops toasts made while no Toaster is mounted. */
const toasterMounted = new Promise<void>((resolve) => (mounted = resolve));
const wanted = new Set<() => void>();

/** Loads sonner once (the Toaster and every toast share the one module instance). */
export function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const listener of wanted) listener();
  }
  return loading;
}

/** For the lazy Toaster (lib/client/lazy-toaster.tsx): called when a toast asks for sonner before the person's first action. */
export function onSonnerWanted(listener: () => void): () => void {
  if (loading) listener();
  wanted.add(listener);
  return () => wanted.delete(listener);
}

/** For the lazy Toaster: its sonner Toaster now listens. */
export const toasterIsMounted = (): void => mounted();

const show =
  (kind: 'success' | 'error' | 'info' | 'warning' | 'message') =>
  (message: Message, data?: ExternalToast): void => {
    void Promise.all([loadSonner(), toasterMounted]).then(([{ toast: sonner }]) => sonner[kind](message, data));
  };

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
};
