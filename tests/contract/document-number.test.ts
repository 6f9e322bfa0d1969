import { describe, expect, it } from 'vitest';

import { documentNumber } from '#contract/document-number.ts';

describe('document numbers', () => {
  it('name the series, the year of issue and the series’ counter, unlike an order number', () => {
    expect(documentNumber('INV', new Date('2026-12-01T10:00:00Z'), '100123')).toBe(
      'INV-2026-000123',
    );
    expect(documentNumber('CN', new Date('2027-01-01T00:00:00Z'), '100045')).toBe('CN-2027-000045');
    expect(documentNumber('INV', new Date('2026-12-31T23:59:59Z'), '1100000')).toBe(
      'INV-2026-1000000',
    );
  });

  it('refuses what is not a value of the sequence', () => {
    expect(() => documentNumber('INV', new Date(), '100000')).toThrow(RangeError);
    expect(() => documentNumber('INV', new Date(), 'x')).toThrow(RangeError);
  });
});
