import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * A form resolver whose zod schema loads after the page is drawn (decision 150): the sign-in
 * pages render without zod, which loads when the browser is next idle (`warm`) and at the latest
 * when the form validates. If it cannot load (a connection lost before the service worker has
 * it), the form is sent unchecked and the server's answer names the wrong fields; the next
 * validation tries the load again.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  loadSchema: () => Promise<$ZodType<TOutput, TInput>>,
): { resolver: Resolver<TInput, unknown, TOutput>; warm: () => void } {
  let loaded: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const load = () => {
    loaded ??= Promise.all([loadSchema(), import('./schema-resolver.ts')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema) as unknown as Resolver<TInput, unknown, TOutput>,
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  };
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<TInput, unknown, TOutput>;
      try {
        resolve = await load();
      } catch {
        return { values: values as unknown as TOutput, errors: {} };
      }
      return resolve(values, context, options);
    },
    warm: () => void load().catch(() => undefined),
  };
}
