'use client';
// Asks before unsaved work is left. Closing or reloading the tab: the browser's own question
// (beforeunload). Following a console link, or the browser's Back/Forward inside the console: a
// confirmation; refused, the page and its address stay as they were. A link marked with
// LEAVE_ON_PURPOSE (a form's Cancel) leaves without asking, and so does navigation done by code
// (going to the saved record after a save).
import { useEffect, useRef } from 'react';

/** Spread on a link that leaves on purpose, throwing the changes away (Cancel). */
export const LEAVE_ON_PURPOSE = { 'data-leave-on-purpose': '' } as const;

export const FORM_LEAVE_MESSAGE = 'This form has unsaved changes. Leave without saving them?';

/** True when following the link leaves this page for another console page. */
function leavesForConsolePage(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false; // a new tab or window
  if (link.hasAttribute('data-leave-on-purpose') || link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const to = new URL(link.href, window.location.href);
  // Another site is a full page load: the browser asks (beforeunload). A #fragment stays here.
  if (to.origin !== window.location.origin) return false;
  return to.pathname !== window.location.pathname || to.search !== window.location.search;
}

/**
 * `unsaved` is read when the person tries to leave (it may do work, e.g. write a draft first);
 * `message` is the question asked.
 */
export function useLeaveGuard(unsaved: () => boolean, message: string = FORM_LEAVE_MESSAGE): void {
  const latest = useRef({ unsaved, message });
  // The history entry this page stands on, put back when Back/Forward is refused.
  const here = useRef<{ state: unknown; url: string } | null>(null);
  useEffect(() => {
    latest.current = { unsaved, message };
    here.current = { state: window.history.state, url: window.location.href };
  });

  useEffect(() => {
    const stays = () => latest.current.unsaved() && !window.confirm(latest.current.message);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current.unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || !leavesForConsolePage(link, event)) return;
      if (stays()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Runs before the router's own popstate listener (capture, on window), and stops it when the
    // person stays: the address already changed, so the entry the page stands on is pushed back.
    const onPopState = (event: PopStateEvent) => {
      const entry = here.current;
      if (!entry || !stays()) return;
      event.stopImmediatePropagation();
      window.history.pushState(entry.state, '', entry.url);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState, true);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState, true);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
}

/** A form's guard: asks while the form differs from what it was opened with. */
export function useFormLeaveGuard(isDirty: boolean): void {
  useLeaveGuard(() => isDirty);
}
