import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { lazyZodResolver } from './lazy-schema-resolver.ts';

const Schema = z.object({ email: z.email('Invalid email') });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('a resolver whose schema loads when first needed', () => {
  it('validates with the schema once it has loaded, loading it once', async () => {
    const load = vi.fn(async () => Schema);
    const { resolver, warm } = lazyZodResolver(load);
    warm();
    const result = await resolver({ email: 'nope' }, undefined, options);
    expect(result.errors).toMatchObject({ email: { message: 'Invalid email' } });
    await resolver({ email: 'a@example.com' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the form through unchecked when the schema cannot load, and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof Schema>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Schema);
    const { resolver } = lazyZodResolver(load);
    expect(await resolver({ email: 'nope' }, undefined, options)).toEqual({
      values: { email: 'nope' },
      errors: {},
    });
    const second = await resolver({ email: 'nope' }, undefined, options);
    expect(second.errors).toMatchObject({ email: { message: 'Invalid email' } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
