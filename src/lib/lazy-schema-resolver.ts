import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver whose zod schema loads when first needed (decision 150): the sign-in pages
 * render without zod, which loads when the visitor first focuses the form (`warm`) and at the
 * latest when it validates. A failed load is tried again at the next validation.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput>(
  loadSchema: () => Promise<z.ZodType<TOutput, TInput>>,
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
    resolver: async (values, context, options) => (await load())(values, context, options),
    warm: () => void load().catch(() => undefined),
  };
}
