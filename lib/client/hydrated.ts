// Whether this render is in a live page: false on the server and in the render that hydrates the
// page, true from the render after (React renders again at once when the two answers differ, after
// the effects of the hydrating commit have run). For what must wait for the page's code: a canvas
// drawn in the browser only, a form that takes no input before it is live.
import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
