import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { centsToMoney, moneyToCents } from '#contract/money.ts';

describe('money', () => {
  it('converts decimal strings to cents and back', () => {
    expect(moneyToCents('120.00')).toBe(12_000);
    expect(moneyToCents('0.05')).toBe(5);
    expect(moneyToCents('-3.50')).toBe(-350);
    expect(centsToMoney(12_050)).toBe('120.50');
    expect(centsToMoney(-5)).toBe('-0.05');
  });

  it('refuses amounts that are not two-decimal strings', () => {
    expect(() => moneyToCents('120')).toThrow(RangeError);
    expect(() => moneyToCents('1.5')).toThrow(RangeError);
    expect(() => centsToMoney(1.5)).toThrow(RangeError);
  });

  it('round-trips every whole number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(moneyToCents(centsToMoney(cents))).toBe(cents);
      }),
    );
  });
});
