import type { FieldValues, Resolver } from 'react-hook-form';
import { lazyModule } from '@yuk/shared';

/**
 * A form resolver whose code (the schema, zod and the resolver) is imported on first use, so a screen can
 * show its form before that code arrives: the first screen's login form validates with zod, but zod is not
 * part of the first screen. `preload` starts the import earlier (when the user starts filling the form in),
 * so that a submit seldom waits for it. A failed import is tried again on the next use.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> & { preload: () => void } {
  const get = lazyModule(load);
  const resolver: Resolver<TValues, TContext, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => {
        // offline: the submit's own import tries again
      });
    },
  });
}
