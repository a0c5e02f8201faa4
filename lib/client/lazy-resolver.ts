'use client';
// A react-hook-form resolver that validates with the resource's zod schema (lib/schemas, the
// same one the route uses) but loads zod and the schema only when first needed, or at the
// person's first key, press or focus (./first-use.ts): zod weighs ~31 kB gzip, too much for any
// page's first load (decisions 028, 085). `preload()` arms that early start; validation waits for
// the load if it has not ended.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { onFirstUse } from './first-use';

export type LazyResolver<T extends FieldValues, TOut = T> = Resolver<T, unknown, TOut> & { preload: () => void };

/** `TOut` is what the schema gives back (a form's submit receives it); `T` the form's values. */
export function lazyZodResolver<T extends FieldValues, TOut = T>(loadSchema: () => Promise<ZodType>): LazyResolver<T, TOut> {
  let ready: Promise<Resolver<T, unknown, TOut>> | undefined;
  const load = () =>
    (ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T, unknown, TOut>,
    ));
  const resolver = (async (values, context, options) => (await load())(values, context, options)) as LazyResolver<T, TOut>;
  resolver.preload = () => {
    if (!ready) onFirstUse(() => void load());
  };
  return resolver;
}
