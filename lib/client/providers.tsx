'use client';
// The client-side providers. The root layout (every page, sign-in and setup included) has only
// the lazily mounted toaster; the console's pages have their QueryClient from
// app/(console)/layout.tsx (QueryProvider), so react-query is not in the sign-in and setup pages'
// first load (decision 012).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiClientError } from './api';
import { sessionKeys } from './query-keys';
import { signedInHandedOff } from './session-handoff';

function makeQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A client error will not fix itself: retry only lost connections and server errors.
        retry: (failures, error) => failures < 2 && (!(error instanceof ApiClientError) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
  // Just signed in or set up on this tab: the console starts with the person already known.
  const handedOff = signedInHandedOff();
  if (handedOff) client.setQueryData(sessionKeys.me(), handedOff.me, { updatedAt: handedOff.at });
  return client;
}

/**
 * One QueryClient per visit to the console (mounted with app/(console)/layout.tsx): signing in
 * or setting up, then entering the console, starts a fresh cache, so nothing of a previous
 * person may show.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
