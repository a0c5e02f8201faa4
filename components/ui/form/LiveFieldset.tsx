'use client';
// What a console form holds, taking no input until the form is live. A page's HTML arrives before
// its code: while the code is on the way or the page is hydrating (on a slow machine, and on the
// kinds' pages, whose code is loaded on demand, decision 104), a field could be typed into and a
// button pressed that nothing listens to yet. The value typed would then be overwritten as the
// form puts its values in, and a submit would be the browser's own. So the fields and buttons are
// disabled until the render after hydration (lib/client/hydrated.ts), which comes after the effects
// of the hydrating commit, react-hook-form's putting its values in among them (decision 106).
import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/client/hydrated';

export function LiveFieldset({ children }: { children: ReactNode }) {
  const live = useHydrated();
  return (
    <fieldset className="live-fieldset" role="presentation" disabled={!live}>
      {children}
    </fieldset>
  );
}
