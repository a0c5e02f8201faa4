// Bundles (decision 014): GET /squads/{id}/bundle saved as a file; POST /bundles/import as a
// preview (dryRun) and then applied. The file is checked here with the API's own schema first.
import { useLiveMutation } from './query-hub';
import type { BundleInput, BundlePlan } from '@/lib/schemas/bundle';
import { api, saveBlob } from './api';

/** The API takes bodies up to 1 MiB; the bundle travels inside `{ bundle, dryRun, apikeys }`. */
export const MAX_BUNDLE_BYTES = 1024 * 1024 - 16 * 1024;

/** A file name from the squad's name: letters, digits and dashes. */
export function bundleFileName(squadName: string): string {
  const slug = squadName.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase().slice(0, 60) || 'squad';
  return `${slug}.aoc-bundle.json`;
}

/** Reads the squad's bundle and saves it as a JSON file through the browser. */
export async function downloadSquadBundle(id: string, squadName: string): Promise<string> {
  const bundle = await api<unknown>(`/squads/${encodeURIComponent(id)}/bundle`);
  const name = bundleFileName(squadName);
  saveBlob(new Blob([`${JSON.stringify(bundle, null, 2)}\n`], { type: 'application/json' }), name);
  return name;
}

export type ParsedBundleFile = { ok: true; bundle: BundleInput; text: string } | { ok: false; problems: string[] };

/** A chosen file: size, JSON, then the bundle schema (the paths the API would name, without `bundle.`). */
export async function readBundleFile(file: File): Promise<ParsedBundleFile> {
  if (file.size > MAX_BUNDLE_BYTES) return { ok: false, problems: [`The file is ${Math.ceil(file.size / 1024)} KiB; a bundle can be at most 1 MiB.`] };
  const text = await file.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problems: ['The file is not JSON. Choose a bundle exported from a squad (…aoc-bundle.json).'] };
  }
  // The schema (and zod) load with the first file chosen: the squad page's "Export bundle" shares
  // this module and needs neither (decision 085).
  const { bundleSchema } = await import('@/lib/schemas/bundle');
  const parsed = bundleSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`) };
  }
  return { ok: true, bundle: json as BundleInput, text };
}

type ImportRequest = { bundle: BundleInput; dryRun: boolean; apikeys?: Record<string, string> };

/** POST /bundles/import. An applied import refreshes every list (it may have created any kind). */
export function useImportBundle() {
  return useLiveMutation<ImportRequest, BundlePlan>((client) => ({
    mutationFn: (request) => api<BundlePlan>('/bundles/import', { method: 'POST', body: request }),
    onSuccess: (plan) => {
      if (!plan.dryRun) return client.invalidateQueries();
    },
  }));
}
