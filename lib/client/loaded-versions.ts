// The version (ETag) of the last detail read or save of each resource, so that an edit form can
// name the version it loaded in If-Match (decision 052). Kept beside react-query's cache rather
// than in the record: the record keeps the API's shape exactly.
const versions = new Map<string, number>();

const slot = (key: string, id: string) => `${key}\u0000${id}`;

export function rememberVersion(key: string, id: string, version: number | null): void {
  if (version !== null) versions.set(slot(key, id), version);
}

/** The version last read for resource `id` of namespace `key`, or null when none is known. */
export function loadedVersion(key: string, id: string): number | null {
  return versions.get(slot(key, id)) ?? null;
}

/**
 * Forgets what is known of resource `id` after a change that answers no version (the lists'
 * enable switch): an edit form opened next names the version its own read finds, or none.
 */
export function forgetVersion(key: string, id: string): void {
  versions.delete(slot(key, id));
}
