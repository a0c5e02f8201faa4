'use client';
// The console's client-side providers: one QueryClient per browser tab, and the toaster.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ToasterProps } from 'sonner';
import { ApiClientError } from './api';
import { loadSonner, onSonnerWanted, toasterIsMounted } from './toast';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not fix itself: retry only lost connections and server errors.
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiClientError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}

function Mounted({ onMount }: { onMount: () => void }): null {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * sonner's Toaster, loaded after the page is idle (or at the first toast) rather than in every
 * page's first load (./toast.ts says why).
 */
function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () => void loadSonner().then((sonner) => !cancelled && setToaster(() => sonner.Toaster));
    const stop = onSonnerWanted(load);
    const idle = window.requestIdleCallback ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 500);
    return () => {
      cancelled = true;
      stop();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
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

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Bottom centre: clear of the page actions (top right), a form's Save and a row's Edit/Delete (right), the designer's toolbar and Save (top). */}
      <LazyToaster position="bottom-center" richColors closeButton toastOptions={{ duration: 5000 }} />
    </QueryClientProvider>
  );
}
