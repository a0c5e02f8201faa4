'use client';
// The console's client-side providers: one QueryClient per browser tab, and the toaster.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ApiClientError } from './api';

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

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Bottom centre: clear of the page actions (top right), a form's Save and a row's Edit/Delete (right), the designer's toolbar and Save (top). */}
      <Toaster position="bottom-center" richColors closeButton toastOptions={{ duration: 5000 }} />
    </QueryClientProvider>
  );
}
