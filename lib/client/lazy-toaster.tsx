'use client';
// sonner's Toaster, loaded at the person's first action (./first-use.ts) or at the first toast
// rather than in every page's first load (./toast.ts says why). Mounted once, in the root layout: a toast made just
// before a navigation (sign-in's welcome) survives it.
import { useEffect, useState, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { onFirstUse } from './first-use';
import { loadSonner, onSonnerWanted, toasterIsMounted } from './toast';

function Mounted({ onMount }: { onMount: () => void }): null {
  useEffect(onMount, [onMount]);
  return null;
}

function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () => void loadSonner().then((sonner) => !cancelled && setToaster(() => sonner.Toaster));
    const stop = onSonnerWanted(load);
    const stopWaiting = onFirstUse(load);
    return () => {
      cancelled = true;
      stop();
      stopWaiting();
    };
  }, []);
  if (!Toaster) return null;
  return (
    <>
      <Toaster {...props} />
      <Mounted onMount={toasterIsMounted} />
    </>
  );
}

/** The console's toaster, with its one configuration. */
export function ConsoleToaster() {
  // Bottom centre: clear of the page actions (top right), a form's Save and a row's Edit/Delete (right), the designer's toolbar and Save (top).
  return <LazyToaster position="bottom-center" richColors closeButton toastOptions={{ duration: 5000 }} />;
}
