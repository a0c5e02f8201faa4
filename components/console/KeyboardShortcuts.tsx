'use client';
// The console's global keys (issue 9): Ctrl/⌘+K opens the command palette, `?` (outside a text
// field) the list of shortcuts; Escape closes either, and the focus goes back where it was.
// Both overlays are loaded on first use (React.lazy: next/dynamic's own code weighs more in every
// console page's first load, decision 028), not with the page.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const CommandPalette = lazy(() => import('./CommandPalette'));
const ShortcutsHelp = lazy(() => import('./ShortcutsHelp'));

export type Overlay = 'palette' | 'shortcuts' | null;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || !!target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]');
}

export function useConsoleOverlays() {
  const [overlay, setOverlay] = useState<Overlay>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const open = useCallback((which: Exclude<Overlay, null>) => {
    setOverlay((current) => {
      if (!current) returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return which;
    });
  }, []);

  const close = useCallback(() => {
    setOverlay(null);
    const target = returnTo.current;
    returnTo.current = null;
    // After the dialog has left the page (its removal would otherwise take the focus along).
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (overlay === 'palette') close();
        else open('palette');
        return;
      }
      if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !overlay && !e.defaultPrevented && !isTyping(e.target) && !document.querySelector('dialog[open]')) {
        e.preventDefault();
        open('shortcuts');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [overlay, open, close]);

  const element = overlay ? <Suspense fallback={null}>{overlay === 'palette' ? <CommandPalette onClose={close} /> : <ShortcutsHelp onClose={close} />}</Suspense> : null;
  return { overlay, open, close, element };
}
