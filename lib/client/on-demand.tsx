'use client';
// A component whose code is not in its page's first load (decision 085): the browser loads it when
// it is first rendered (the caller's Suspense boundary shows its fallback meanwhile) or when
// `preload()` is called; the server loads it as the module is evaluated, so a page rendered with
// it (`?tab=history`) has it in its HTML, and the browser keeps that HTML until the code arrives.
// Unlike `next/dynamic`, no extra runtime; unlike `React.lazy`, no fallback on the server.
import { use, type ComponentType } from 'react';

export type OnDemand<P> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null; // a later render asks again (a lost connection may come back)
        throw error;
      },
    ));
  if (typeof window === 'undefined') void preload().catch(() => undefined);
  function Loaded(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Loaded, { preload });
}
