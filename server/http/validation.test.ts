import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { toViolations } from './validation.ts';

describe('toViolations', () => {
  const OrderSchema = z.object({
    items: z.array(z.object({ target_url: z.url('Invalid URL'), anchor_text: z.string().min(1) })),
    filter: z.object({ price: z.object({ min: z.number() }) }).optional(),
  });

  it('turns zod issue paths into items[0].field paths for bodies', () => {
    const result = OrderSchema.safeParse({ items: [{ target_url: 'x', anchor_text: '' }] });
    expect(toViolations(result.error?.issues ?? [])).toEqual([
      { path: 'items[0].target_url', message: 'Invalid URL' },
      {
        path: 'items[0].anchor_text',
        message: 'Too small: expected string to have >=1 characters',
      },
    ]);
  });

  it('turns them into filter[price][min] paths for query strings', () => {
    const result = OrderSchema.safeParse({ items: [], filter: { price: { min: 'cheap' } } });
    expect(toViolations(result.error?.issues ?? [], 'bracket')).toEqual([
      { path: 'filter[price][min]', message: 'Invalid input: expected number, received string' },
    ]);
  });

  it('names each unknown key as its own field instead of its parent', () => {
    const Strict = z.object({ filter: z.object({ price: z.string() }).partial().strict() });
    const result = Strict.safeParse({ filter: { nope: '1', other: '2' } });
    expect(toViolations(result.error?.issues ?? [], 'bracket')).toEqual([
      { path: 'filter[nope]', message: 'This field was not expected.' },
      { path: 'filter[other]', message: 'This field was not expected.' },
    ]);
  });
});
