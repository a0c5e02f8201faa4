// react-query's hooks for the console, bound to the console's client (./query-hub.tsx) by
// argument rather than by a QueryClientProvider: the client is made at the first render that
// needs it, so pages that do not import this module (the lists, sign-in, setup) carry no
// react-query in their first load (decision 028). Import these instead of
// '@tanstack/react-query''s hooks (types may still come from there).
import {
  useInfiniteQuery as useInfiniteQueryOf,
  useMutation as useMutationOf,
  useQuery as useQueryOf,
  type QueryClient,
} from '@tanstack/react-query';
import { useHub } from './query-hub';
import { clientOf } from './query-live';

/** The console's QueryClient (made now if it is not yet). */
export function useQueryClient(): QueryClient {
  return clientOf(useHub());
}

export const useQuery = ((options: Parameters<typeof useQueryOf>[0]) => useQueryOf(options, useQueryClient())) as typeof useQueryOf;
export const useInfiniteQuery = ((options: Parameters<typeof useInfiniteQueryOf>[0]) => useInfiniteQueryOf(options, useQueryClient())) as typeof useInfiniteQueryOf;
export const useMutation = ((options: Parameters<typeof useMutationOf>[0]) => useMutationOf(options, useQueryClient())) as typeof useMutationOf;
