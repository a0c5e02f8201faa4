'use client';
// A react-hook-form resolver that validates with the resource's zod schema (lib/schemas, the
// same one the route uses) but loads zod and the schema only when first needed, or once the
// page is idle: zod weighs ~30 kB gzip, too much for the sign-in and setup pages' first load
// (decision 028). `preload()` starts the load early; validation waits for it if it has not ended.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType>): LazyResolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const load = () =>
    (ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    ));
  const resolver = (async (values, context, options) => (await load())(values, context, options)) as LazyResolver<T>;
  resolver.preload = () => {
    const start = () => void load();
    if (typeof window === 'undefined') return;
    if (window.requestIdleCallback) window.requestIdleCallback(start, { timeout: 2000 });
    else window.setTimeout(start, 300);
  };
  return resolver;
}
