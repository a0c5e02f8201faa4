'use client';
// Asks before unsaved work is left. Closing or reloading the tab: the browser's own question
// (beforeunload). Following a console link, or the browser's Back/Forward inside the console: a
// confirmation; refused, the page and its address stay as they were. A link marked with
// LEAVE_ON_PURPOSE (a form's Cancel) leaves without asking, and so does navigation done by code
// (going to the saved record after a save).
//
// A page guards with useLeaveGuard; the listeners are installed once, by LeaveGuardListeners in
// the root layout. Back/Forward must be caught before the router's own popstate listener, which
// renders the next page at once (unmounting the form): mounted in the root layout, under the
// router, LeaveGuardListeners' effect runs before the router's (a child's effects run first), so
// its listener is registered, and called, first.
import { useEffect, useRef } from 'react';

/** Spread on a link that leaves on purpose, throwing the changes away (Cancel). */
export const LEAVE_ON_PURPOSE = { 'data-leave-on-purpose': '' } as const;

export const FORM_LEAVE_MESSAGE = 'This form has unsaved changes. Leave without saving them?';

type Guard = {
  /** Read when the person tries to leave (it may do work, e.g. write a draft first). */
  unsaved: () => boolean;
  message: string;
  /** The history entry the page stands on, put back when Back/Forward is refused. */
  here: { state: unknown; url: string };
};

const guards = new Set<{ current: Guard }>();

/** The guard of the unsaved work that leaving would lose, or null when nothing would be lost. */
function unsavedGuard(): Guard | null {
  for (const guard of guards) if (guard.current.unsaved()) return guard.current;
  return null;
}

/** True when following the link leaves this page for another console page. */
function leavesForConsolePage(link: HTMLAnchorElement, event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false; // a new tab or window
  if (link.hasAttribute('data-leave-on-purpose') || link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const to = new URL(link.href, window.location.href);
  // Another site is a full page load: the browser asks (beforeunload). A #fragment stays here.
  if (to.origin !== window.location.origin) return false;
  return to.pathname !== window.location.pathname || to.search !== window.location.search;
}

/** The listeners of every guard; rendered once, in the root layout. */
export function LeaveGuardListeners(): null {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsavedGuard()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented || !leavesForConsolePage(link, event)) return;
      const guard = unsavedGuard();
      if (guard && !window.confirm(guard.message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // The address has already changed: staying puts the page's own entry back, unseen by the router.
    const onPopState = (event: PopStateEvent) => {
      const guard = unsavedGuard();
      if (!guard || window.confirm(guard.message)) return;
      event.stopImmediatePropagation();
      window.history.pushState(guard.here.state, '', guard.here.url);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
  return null;
}

/** Asks before this page is left while `unsaved()` says so. */
export function useLeaveGuard(unsaved: () => boolean, message: string = FORM_LEAVE_MESSAGE): void {
  const guard = useRef<Guard>({ unsaved: () => false, message, here: { state: null, url: '' } });
  useEffect(() => {
    guard.current = { unsaved, message, here: { state: window.history.state, url: window.location.href } };
  });
  useEffect(() => {
    guards.add(guard);
    return () => void guards.delete(guard);
  }, []);
}

/** A form's guard: asks while the form differs from what it was opened with. */
export function useFormLeaveGuard(isDirty: boolean): void {
  useLeaveGuard(() => isDirty);
}
