// The browser side of copy/paste: the payload (lib/graph/clipboard.ts) goes to the system
// clipboard as JSON text and to localStorage, so it can be pasted into this squad or another one,
// in this tab or another, with the keyboard or the toolbar. Reading a payload back (zod) is
// loaded at the first paste.
import { copyTasks, type ClipboardPayload } from '@/lib/graph/clipboard';
import { docToSquad, GRID } from './domain';
import type { DesignerStore } from './store';

const KEY = 'agent-console:squad-designer-clipboard';

function selectionPayload(store: DesignerStore): ClipboardPayload | null {
  const s = store.getState();
  const selected = new Set(s.nodes.filter((n) => n.selected && n.type === 'task').map((n) => n.id));
  return copyTasks(docToSquad(s).tasks, selected);
}

/** The selected tasks as clipboard text, or null when no task is selected. */
export function selectionText(store: DesignerStore): string | null {
  const payload = selectionPayload(store);
  return payload ? JSON.stringify(payload) : null;
}

/** Keeps the copied text where the toolbar's Paste (and another tab) finds it. */
export function remember(text: string): void {
  try {
    localStorage.setItem(KEY, text);
  } catch {
    /* storage unavailable: the system clipboard still has it */
  }
}

/** Copies the selection (toolbar): localStorage, and the system clipboard when the browser allows. */
export function copySelection(store: DesignerStore): number {
  const payload = selectionPayload(store);
  if (!payload) return 0;
  const text = JSON.stringify(payload);
  remember(text);
  navigator.clipboard?.writeText(text).catch(() => undefined);
  return payload.tasks.length;
}

/** The payload to paste: the given clipboard text when it holds one, else the last copy kept here. */
export async function payloadToPaste(clipboardText?: string | null): Promise<ClipboardPayload | null> {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(KEY);
  } catch {
    /* storage unavailable: the clipboard's text only */
  }
  const { parseClipboard } = await import('@/lib/graph/clipboard-schema');
  return parseClipboard(clipboardText) ?? parseClipboard(kept);
}

/** Pastes beside the originals (or where they were, in another squad), never exactly on top of a node. */
export function pastePayload(store: DesignerStore, payload: ClipboardPayload): string[] {
  const corners = new Set(store.getState().nodes.map((n) => `${n.position.x},${n.position.y}`));
  let k = 0;
  while (k < 50 && payload.tasks.some((t) => corners.has(`${t.coordinates.x + 2 * GRID * k},${t.coordinates.y + 2 * GRID * k}`))) k++;
  return store.getState().paste(payload, { x: 2 * GRID * k, y: 2 * GRID * k });
}
