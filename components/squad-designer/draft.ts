// The local draft: what the canvas holds that was not saved, kept in localStorage under the
// squad's id and the version it started from, so a crash or a closed tab loses nothing. The
// designer offers it back when the squad is opened again. Domain data only, like a save.
// Reading a draft back checks it with zod (draft-schema.ts), loaded only when the browser holds
// one for the squad: the designer's first load and first render go without zod.
import type { DesignedSquad, Draft } from './domain';

const PREFIX = 'agent-console:squad-draft:';

const squadPrefix = (squadId: string) => `${PREFIX}${encodeURIComponent(squadId)}:`;
const keyOf = (squadId: string, version: number) => `${squadPrefix(squadId)}${version}`;

function keysOf(squadId: string): string[] {
  const prefix = squadPrefix(squadId);
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** Whether the browser keeps anything under the squad's drafts (readable or not), without reading it. */
export function hasDrafts(squadId: string): boolean {
  try {
    return keysOf(squadId).length > 0;
  } catch {
    return false;
  }
}

/** The newest readable draft of the squad, if any (unreadable ones are dropped). */
export async function readDraft(squadId: string): Promise<Draft | null> {
  if (!hasDrafts(squadId)) return null;
  const { parseDraft } = await import('./draft-schema');
  try {
    const drafts: Draft[] = [];
    for (const key of keysOf(squadId)) {
      let value: unknown = null;
      try {
        value = JSON.parse(localStorage.getItem(key) ?? 'null');
      } catch {
        /* unreadable: dropped below */
      }
      const draft = parseDraft(value);
      if (draft && draft.squadId === squadId && new Set(draft.squad.tasks.map((t) => t.id)).size === draft.squad.tasks.length) drafts.push(draft);
      else localStorage.removeItem(key);
    }
    return drafts.sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0] ?? null;
  } catch {
    return null;
  }
}

/** Keeps the squad's one draft (replacing a draft made from another version). False when the browser refuses. */
export function writeDraft(squadId: string, baseVersion: number, squad: DesignedSquad): boolean {
  try {
    const key = keyOf(squadId, baseVersion);
    const draft: Draft = { squadId, baseVersion, savedAt: new Date().toISOString(), squad };
    localStorage.setItem(key, JSON.stringify(draft));
    for (const other of keysOf(squadId)) if (other !== key) localStorage.removeItem(other);
    return true;
  } catch {
    return false;
  }
}

export function removeDrafts(squadId: string): void {
  try {
    for (const key of keysOf(squadId)) localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing kept, nothing to remove */
  }
}
