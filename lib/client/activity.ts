// The activity (D12) for the Activity page: pages of GET /api/activity ("Load more"), the
// retention setting, and the streamed export (CSV or JSON Lines) with its progress.
import type { ActivityPage, ActivitySettings } from '@/lib/schemas/activity';
import { api } from './api-later';
import { useLiveMutation, useSeededInfiniteQuery, useSeededQuery } from './query-hub';

/** The page's filters, as the API names them ('' = not filtered). */
export type ActivityFilters = { actor: string; kind: string; action: string; from: string; to: string };

export const NO_FILTERS: ActivityFilters = { actor: '', kind: '', action: '', from: '', to: '' };

export const ACTIVITY_PAGE_SIZE = 50;

export const activityKeys = { all: ['activity'] as const, settings: ['activity', 'settings'] as const };

/** The query string of the filters (dates as the day's start in UTC; `to` exclusive, as the API reads it). */
export function activitySearch(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params;
}

export function useActivity(filters: ActivityFilters) {
  return useSeededInfiniteQuery({
    queryKey: [...activityKeys.all, 'list', filters] as const,
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = activitySearch(filters);
      params.set('limit', String(ACTIVITY_PAGE_SIZE));
      if (pageParam) params.set('last', pageParam);
      return api<ActivityPage>(`/activity?${params}`, { signal });
    },
    getNextPageParam: (last: ActivityPage) => last.next || undefined,
  });
}

export function useActivitySettings() {
  return useSeededQuery({ queryKey: activityKeys.settings, queryFn: ({ signal }) => api<ActivitySettings>('/activity/settings', { signal }) });
}

export function useSetActivitySettings() {
  return useLiveMutation<ActivitySettings, ActivitySettings>((client) => ({
    mutationFn: (input) => api<ActivitySettings>('/activity/settings', { method: 'PUT', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all }),
  }));
}

export type ExportProgress = { rows: number; bytes: number };

/**
 * Streams the export of the filtered events and saves it as a file: counts the bytes and the
 * lines (events) as they arrive, so the page can show progress; `signal` cancels it.
 */
export async function downloadActivity(filters: ActivityFilters, format: 'csv' | 'jsonl', onProgress: (progress: ExportProgress) => void, signal: AbortSignal): Promise<ExportProgress> {
  const { apiStream } = await import('./api');
  const params = activitySearch(filters);
  params.set('format', format);
  const res = await apiStream(`/activity?${params}`, { signal });
  const reader = res.body!.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const progress: ExportProgress = { rows: format === 'csv' ? -1 : 0, bytes: 0 }; // the CSV's header line is no event
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    progress.bytes += value.length;
    for (const byte of value) if (byte === 10) progress.rows++;
    onProgress({ ...progress });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `activity.${format}`;
  const url = URL.createObjectURL(new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ...progress, rows: Math.max(0, progress.rows) };
}
