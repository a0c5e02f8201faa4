// Resource versions (decision 013): GET /{kind}/{id}/versions (paged), /versions/{n} (with the
// state), POST /versions/{n}/restore with `If-Match: "<latest version>"`. The diff is computed
// here with the API's own pure module (lib/versions/diff.ts), from the two versions' states.
import { useLiveMutation, useSeededInfiniteQuery, useSeededQuery } from './query-hub';
import type { VersionDiff, VersionKind } from '@/lib/versions/diff';
import type { RefInfo } from '@/lib/versions/refs';
import { api } from './api';
import { VERSION_PAGE as PAGE, versionKeys } from './query-keys';

export type VersionSummary = { version: number; action: string; responsible: string; responsibleId: string; date: string };
export type VersionDetail = VersionSummary & { state: unknown };
type VersionPage = { items: VersionSummary[]; next: string };

export { versionKeys };

/** GET …/versions/diff: the changes, and the resources they name (decision 055). */
export type VersionDiffAnswer = VersionDiff & { refs: Record<string, RefInfo> };

const base = (kind: VersionKind, id: string) => `/${kind}/${encodeURIComponent(id)}/versions`;

export function useVersionList(kind: VersionKind, id: string) {
  return useSeededInfiniteQuery({
    queryKey: versionKeys.list(kind, id),
    queryFn: ({ pageParam, signal }) =>
      api<VersionPage>(`${base(kind, id)}?limit=${PAGE}${pageParam ? `&last=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (page: VersionPage) => page.next || undefined,
  });
}

export function fetchVersion(kind: VersionKind, id: string, n: number, signal?: AbortSignal): Promise<VersionDetail> {
  return api<VersionDetail>(`${base(kind, id)}/${n}`, { signal });
}

/** One version with its state; versions never change, so it is read once. */
export function useVersion(kind: VersionKind, id: string, n: number | null) {
  return useSeededQuery({
    queryKey: versionKeys.one(kind, id, n ?? 0),
    queryFn: ({ signal }) => fetchVersion(kind, id, n!, signal),
    enabled: n !== null && n > 0,
    staleTime: Infinity,
  });
}

/**
 * The diff of two versions as the API answers it, with the names of the resources it refers to
 * (one request; the names are resolved by the server within the company). Names can change, so
 * it is refreshed like any read; the versions themselves never change.
 */
export function useVersionDiff(kind: VersionKind, id: string, from: number, to: number, enabled = true) {
  return useSeededQuery({
    queryKey: versionKeys.diff(kind, id, from, to),
    queryFn: ({ signal }) => api<VersionDiffAnswer>(`${base(kind, id)}/diff?from=${from}&to=${to}`, { signal }),
    enabled: enabled && from > 0 && to > 0 && from !== to,
  });
}

/** Restores version `n`, naming the latest version the person saw (a newer change meanwhile is a 409). */
export function useRestoreVersion(kind: VersionKind, id: string) {
  return useLiveMutation<{ n: number; latest: number }>((client) => ({
    mutationFn: ({ n, latest }) => api<unknown>(`${base(kind, id)}/${n}/restore`, { method: 'POST', headers: { 'if-match': `"${latest}"` } }),
    onSettled: () => client.invalidateQueries({ queryKey: [kind] }),
  }));
}
