// The browser side of copy/paste: the payload (lib/graph/clipboard.ts) goes to the system
// clipboard as JSON text and to localStorage, so it can be pasted into this squad or another one,
// in this tab or another, with the keyboard or the toolbar.
import { copyTasks, parseClipboard, type ClipboardPayload } from '@/lib/graph/clipboard';
import { docToSquad, GRID } from './domain';
import type { DesignerStore } from './store';

const KEY = 'agent-console:squad-designer-clipboard';

/** The selected tasks as clipboard text, or null when no task is selected. */
export function selectionText(store: DesignerStore): string | null {
  const s = store.getState();
  const selected = new Set(s.nodes.filter((n) => n.selected && n.type === 'task').map((n) => n.id));
  const payload = copyTasks(docToSquad(s).tasks, selected);
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
  const text = selectionText(store);
  if (!text) return 0;
  remember(text);
  navigator.clipboard?.writeText(text).catch(() => undefined);
  return parseClipboard(text)?.tasks.length ?? 0;
}

/** The payload to paste: the given clipboard text when it holds one, else the last copy kept here. */
export function payloadToPaste(clipboardText?: string | null): ClipboardPayload | null {
  const fromClipboard = parseClipboard(clipboardText);
  if (fromClipboard) return fromClipboard;
  try {
    return parseClipboard(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Pastes beside the originals (or where they were, in another squad), never exactly on top of a node. */
export function pastePayload(store: DesignerStore, payload: ClipboardPayload): string[] {
  const corners = new Set(store.getState().nodes.map((n) => `${n.position.x},${n.position.y}`));
  let k = 0;
  while (k < 50 && payload.tasks.some((t) => corners.has(`${t.coordinates.x + 2 * GRID * k},${t.coordinates.y + 2 * GRID * k}`))) k++;
  return store.getState().paste(payload, { x: 2 * GRID * k, y: 2 * GRID * k });
}
