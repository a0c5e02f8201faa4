// The command palette's search (decision 018): names are lower-cased once per list (entry.lower),
// a query is one substring scan, names starting with it come first, and at most `max` are kept,
// so thousands of resources stay instant.
export const MAX_RESULTS = 50;

export type PaletteEntry = { key: string; kind: string; name: string; lower: string; href: string };

export function toEntries(kind: string, base: string, records: readonly { id: string; name: string }[] | undefined): PaletteEntry[] {
  if (!records) return [];
  return records.map((r) => ({ key: `${base}:${r.id}`, kind, name: r.name, lower: r.name.toLowerCase(), href: `/${base}/${encodeURIComponent(r.id)}` }));
}

/** Names starting with the query first, then names containing it (each in list order); at most `max`. */
export function searchEntries(all: readonly PaletteEntry[], query: string, max = MAX_RESULTS): { shown: PaletteEntry[]; total: number } {
  const q = query.trim().toLowerCase().slice(0, 200);
  if (!q) return { shown: all.slice(0, max), total: all.length };
  const starts: PaletteEntry[] = [];
  const contains: PaletteEntry[] = [];
  for (const entry of all) {
    const at = entry.lower.indexOf(q);
    if (at === 0) starts.push(entry);
    else if (at > 0) contains.push(entry);
  }
  return { shown: starts.concat(contains).slice(0, max), total: starts.length + contains.length };
}
