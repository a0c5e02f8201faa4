// The local draft: what the canvas holds that was not saved, kept in localStorage under the
// squad's id and the version it started from, so a crash or a closed tab loses nothing. The
// designer offers it back when the squad is opened again. Domain data only, like a save.
import { z } from 'zod';
import { storedTask } from '@/lib/graph/clipboard';
import type { DesignedSquad } from './domain';

const PREFIX = 'agent-console:squad-draft:';

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const slot = z.object({ id: z.string(), coordinates: box.optional() }).nullable();

const draftSchema = z.object({
  squadId: z.string(),
  baseVersion: z.number().int(),
  savedAt: z.string(),
  squad: z.object({ tasks: z.array(storedTask), planningAgent: slot, supervisor: slot }),
});

export type Draft = z.infer<typeof draftSchema>;

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

/** The newest readable draft of the squad, if any (unreadable ones are dropped). */
export function readDraft(squadId: string): Draft | null {
  try {
    const drafts: Draft[] = [];
    for (const key of keysOf(squadId)) {
      let value: unknown = null;
      try {
        value = JSON.parse(localStorage.getItem(key) ?? 'null');
      } catch {
        /* unreadable: dropped below */
      }
      const parsed = draftSchema.safeParse(value);
      if (parsed.success && parsed.data.squadId === squadId && new Set(parsed.data.squad.tasks.map((t) => t.id)).size === parsed.data.squad.tasks.length) {
        drafts.push(parsed.data);
      } else localStorage.removeItem(key);
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
