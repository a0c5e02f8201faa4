// Resource versions (decision 013): GET /{kind}/{id}/versions (paged), /versions/{n} (with the
// state), POST /versions/{n}/restore with `If-Match: "<latest version>"`. The diff is computed
// here with the API's own pure module (lib/versions/diff.ts), from the two versions' states.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@/lib/client/query';
import type { VersionKind } from '@/lib/versions/diff';
import { api } from './api';

export type VersionSummary = { version: number; action: string; responsible: string; responsibleId: string; date: string };
export type VersionDetail = VersionSummary & { state: unknown };
type VersionPage = { items: VersionSummary[]; next: string };

/** Under the kind's react-query namespace (its URL segment, lib/kinds): the resource hooks refresh theirs after a change. */
export const versionKeys = {
  all: (kind: VersionKind, id: string) => [kind, 'versions', id] as const,
  list: (kind: VersionKind, id: string) => [kind, 'versions', id, 'list'] as const,
  one: (kind: VersionKind, id: string, n: number) => [kind, 'versions', id, 'one', n] as const,
};

const base = (kind: VersionKind, id: string) => `/${kind}/${encodeURIComponent(id)}/versions`;

const PAGE = 50;

export function useVersionList(kind: VersionKind, id: string) {
  return useInfiniteQuery({
    queryKey: versionKeys.list(kind, id),
    queryFn: ({ pageParam, signal }) =>
      api<VersionPage>(`${base(kind, id)}?limit=${PAGE}${pageParam ? `&last=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next || undefined,
  });
}

export function fetchVersion(kind: VersionKind, id: string, n: number, signal?: AbortSignal): Promise<VersionDetail> {
  return api<VersionDetail>(`${base(kind, id)}/${n}`, { signal });
}

/** One version with its state; versions never change, so it is read once. */
export function useVersion(kind: VersionKind, id: string, n: number | null) {
  return useQuery({
    queryKey: versionKeys.one(kind, id, n ?? 0),
    queryFn: ({ signal }) => fetchVersion(kind, id, n!, signal),
    enabled: n !== null && n > 0,
    staleTime: Infinity,
  });
}

/** Restores version `n`, naming the latest version the person saw (a newer change meanwhile is a 409). */
export function useRestoreVersion(kind: VersionKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ n, latest }: { n: number; latest: number }) =>
      api<unknown>(`${base(kind, id)}/${n}/restore`, { method: 'POST', headers: { 'if-match': `"${latest}"` } }),
    onSettled: () => client.invalidateQueries({ queryKey: [kind] }),
  });
}
