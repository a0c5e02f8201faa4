'use client';
// Keyboard shortcuts of the designer, never while the person types in a field or a dialog is
// open: Delete/Backspace, Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo, Ctrl/⌘+A select all,
// F or Shift+1 fit view, Escape clears the selection, Ctrl/⌘+S save (from a field too);
// copy/cut/paste through the browser's own clipboard events (Ctrl/⌘+C, X, V).
import { useEffect, useRef, type RefObject } from 'react';
import { selectionText, remember } from './clipboard';
import { useDesignerApi } from './context';
import { useCanvasCommands } from './Toolbar';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || !!target.closest('input, textarea, select, [contenteditable="true"]');
}

/**
 * Whether a keyboard or clipboard event is the designer's: not typing, no dialog open, and the
 * focus in the designer or on what holds it (the page, the main area) — not in the navigation.
 */
function ours(event: Event, root: HTMLElement | null): boolean {
  if (event.defaultPrevented || isTyping(event.target) || !root) return false;
  if (document.querySelector('dialog[open]')) return false;
  const target = event.target;
  return target instanceof Node && (root.contains(target) || target.contains(root));
}

export function useShortcuts(root: RefObject<HTMLElement | null>, onSave: () => void): void {
  const api = useDesignerApi();
  const commands = useCanvasCommands();
  const save = useRef(onSave);
  useEffect(() => {
    save.current = onSave;
  });

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      // Saving works from the side panel's fields too (the field's text is in the store already).
      if (mod && e.key.toLowerCase() === 's' && !e.defaultPrevented && !document.querySelector('dialog[open]') && e.target instanceof Node && root.current?.contains(e.target)) {
        e.preventDefault();
        save.current();
        return;
      }
      if (!ours(e, root.current)) return;
      const key = e.key.toLowerCase();
      const s = api.getState();
      let handled = true;
      if ((key === 'delete' || key === 'backspace') && !mod) commands.remove();
      else if (mod && key === 'z' && !e.shiftKey) s.undo();
      else if ((mod && key === 'z' && e.shiftKey) || (e.ctrlKey && key === 'y')) s.redo();
      else if (mod && key === 'a') s.selectAll();
      else if (mod && key === 's') save.current();
      else if (!mod && !e.altKey && ((key === 'f' && !e.shiftKey) || (e.shiftKey && e.code === 'Digit1'))) commands.fit();
      else if (key === 'escape') s.selectOnly([]);
      else handled = false;
      if (handled) e.preventDefault();
    };

    const onCopy = (e: ClipboardEvent) => {
      if (!ours(e, root.current) || window.getSelection()?.toString()) return;
      const text = selectionText(api);
      if (!text) return;
      e.preventDefault();
      e.clipboardData?.setData('text/plain', text);
      remember(text);
      if (e.type === 'cut') api.getState().deleteSelection();
    };

    const onPaste = (e: ClipboardEvent) => {
      if (!ours(e, root.current)) return;
      e.preventDefault();
      commands.paste(e.clipboardData?.getData('text/plain'));
    };

    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('copy', onCopy);
    document.addEventListener('cut', onCopy);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('copy', onCopy);
      document.removeEventListener('cut', onCopy);
      document.removeEventListener('paste', onPaste);
    };
  }, [api, commands, root]);
}
