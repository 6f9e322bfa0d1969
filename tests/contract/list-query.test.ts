import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  decimalNumber,
  isOrderedRange,
  MIN_LTE_MAX_MESSAGE,
  pageNumber,
  parseForgiving,
  parseForgivingQuery,
  rangeOf,
  sortingOf,
} from '#contract/list-query.ts';
import { OrderItemsAddressSchema, OrderListQuerySchema } from '#contract/order-items.ts';

const Schema = z.object({
  filter: z
    .object({
      search: z.string().trim().min(1).optional(),
      price: rangeOf(decimalNumber).optional(),
      tags: z.array(z.enum(['a', 'b', 'c'])).optional(),
    })
    .strict()
    .optional(),
  sorting: sortingOf(['price', 'name']).optional(),
  page: pageNumber.default(1),
});

describe('forgiving reading of a list query', () => {
  it('keeps what it can read, field by field, and falls back on the rest', () => {
    expect(
      parseForgiving(Schema, {
        filter: {
          search: ' x ',
          price: { min: 'abc', max: '9' },
          tags: ['a', 'z', 'a', 'c'],
          unknown: '1',
        },
        sorting: { name: 'DESC', nope: 'ASC', price: 'UP' },
        page: '-3',
      }),
    ).toEqual({
      filter: { search: 'x', price: { max: 9 }, tags: ['a', 'c'] },
      sorting: { name: 'DESC' },
      page: 1,
    });
  });

  it('drops a range whose min is above its max, as the server refuses it', () => {
    expect(parseForgiving(Schema, { filter: { price: { min: '5', max: '1' } } })).toEqual({
      page: 1,
    });
    expect(Schema.safeParse({ filter: { price: { min: '5', max: '1' } } }).error?.issues).toEqual([
      expect.objectContaining({ message: MIN_LTE_MAX_MESSAGE, path: ['filter', 'price', 'min'] }),
    ]);
  });

  it('keeps the order of the sorting keys (their priority)', () => {
    expect(parseForgivingQuery(Schema, 'sorting[price]=ASC&sorting[name]=DESC').sorting).toEqual({
      price: 'ASC',
      name: 'DESC',
    });
    expect(
      Object.keys(parseForgivingQuery(Schema, 'sorting[name]=ASC&sorting[price]=DESC').sorting!),
    ).toEqual(['name', 'price']);
  });

  it('never throws on arbitrary text or values', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (search) => {
        const read = parseForgivingQuery(Schema, search);
        expect(Number.isInteger(read.page) && read.page! >= 1).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        expect(() => parseForgiving(OrderListQuerySchema, raw)).not.toThrow();
      }),
    );
  });

  it('reads the page of an order item list with its defaults', () => {
    expect(parseForgivingQuery(OrderItemsAddressSchema, 'page=3&limit=50')).toEqual({
      page: 3,
      limit: 50,
    });
    expect(parseForgivingQuery(OrderItemsAddressSchema, 'page=0&limit=7')).toEqual({
      page: 1,
      limit: 25,
    });
  });
});

describe('number syntax and ranges', () => {
  it('reads plain decimals only', () => {
    expect(decimalNumber.safeParse(' 12.5 ').data).toBe(12.5);
    for (const text of ['1e3', '0x10', '', '12.', '.5', 'Infinity', '9'.repeat(400)]) {
      expect(decimalNumber.safeParse(text).success).toBe(false);
    }
  });

  it('compares decimal text as numbers and other text as text', () => {
    expect(isOrderedRange({ min: '9.5', max: '10' })).toBe(true);
    expect(isOrderedRange({ min: 11, max: 10 })).toBe(false);
    expect(isOrderedRange({ min: 1e21, max: 5 })).toBe(false);
    expect(isOrderedRange({ min: 1e-7, max: 5 })).toBe(true);
    expect(isOrderedRange({ min: '2026-01-02', max: '2026-01-10' })).toBe(true);
    expect(isOrderedRange({ min: '2026-02-01', max: '2026-01-10' })).toBe(false);
    expect(isOrderedRange({ max: 1 })).toBe(true);
  });
});
