'use client';
// The console's global keys (issue 9): Ctrl/⌘+K opens the command palette, `?` (outside a text
// field) the list of shortcuts; Escape closes either, and the focus goes back where it was.
// Which key asks for which overlay is decided in ./shortcut-script, from the first paint (issue 23).
// Both overlays are loaded on first use (React.lazy: next/dynamic's own code weighs more in every
// console page's first load, decision 028), not with the page.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ShortcutIntent } from './shortcut-script';

const CommandPalette = lazy(() => import('./CommandPalette'));
const ShortcutsHelp = lazy(() => import('./ShortcutsHelp'));

export type Overlay = 'palette' | 'shortcuts' | null;

export function useConsoleOverlays() {
  const [overlay, setOverlay] = useState<Overlay>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  // The overlay shown, for the key handler below (which keys pressed before mount replay in a row).
  const current = useRef<Overlay>(null);

  const open = useCallback((which: Exclude<Overlay, null>) => {
    current.current = which;
    setOverlay((current) => {
      if (!current) returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return which;
    });
  }, []);

  const close = useCallback(() => {
    current.current = null;
    setOverlay(null);
    const target = returnTo.current;
    returnTo.current = null;
    // After the dialog has left the page (its removal would otherwise take the focus along).
    requestAnimationFrame(() => {
      if (target?.isConnected) target.focus();
    });
  }, []);

  // The keys themselves are read by the inline script of ./shortcut-script from the first paint;
  // a key pressed before this mounted is handed over now, in order.
  useEffect(() => {
    const onShortcut = (which: ShortcutIntent): boolean => {
      if (which === 'palette') {
        if (current.current === 'palette') close();
        else open('palette');
        return true;
      }
      if (current.current) return false;
      open('shortcuts');
      return true;
    };
    return window.__aocShortcuts?.listen(onShortcut);
  }, [open, close]);

  const element = overlay ? <Suspense fallback={null}>{overlay === 'palette' ? <CommandPalette onClose={close} /> : <ShortcutsHelp onClose={close} />}</Suspense> : null;
  return { overlay, open, close, element };
}
