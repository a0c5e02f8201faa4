// Code a page does not need before it is usable, but wants ready by the person's first action
// (zod's checks for a form, sonner for the first toast): loaded at the first key, pointer press or
// focus anywhere in the page, not when the browser is idle, so it is not fetched while the page
// opens and competes with nothing on the way to usable (decision 085). What asks for it before
// then (a toast, a validation) loads it at once and waits for it.

const EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/** Runs `start` once, at the person's first press or focus; the returned function cancels it. */
export function onFirstUse(start: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  let done = false;
  const stop = () => {
    for (const type of EVENTS) window.removeEventListener(type, run, true);
  };
  function run() {
    if (done) return;
    done = true;
    stop();
    start();
  }
  for (const type of EVENTS) window.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
