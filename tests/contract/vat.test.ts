import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { rateText, vatCents, vatDecision } from '#contract/vat.ts';

const seller = { countryCode: 'DE', rateBasisPoints: 1900 };

describe('vatDecision', () => {
  it.each([
    ['DE', null, 'domestic', 1900],
    ['de', 'DE123', 'domestic', 1900],
    ['FR', 'FR123', 'reverse_charge', 0],
    ['FR', null, 'eu_no_vat_number', 1900],
    ['FR', '  ', 'eu_no_vat_number', 1900],
    ['GB', 'GB123', 'outside_eu', 0],
    ['US', null, 'outside_eu', 0],
    ['CH', null, 'outside_eu', 0],
    [null, null, 'domestic', 1900],
  ])('a buyer in %s with VAT number %j: %s at %i', (country, vatNumber, treatment, rate) => {
    expect(vatDecision(seller, { countryCode: country, vatNumber })).toEqual({
      treatment,
      rateBasisPoints: rate,
    });
  });

  it("follows the seller's country", () => {
    const austrian = { countryCode: 'AT', rateBasisPoints: 2000 };
    expect(vatDecision(austrian, { countryCode: 'DE', vatNumber: 'DE1' }).treatment).toBe(
      'reverse_charge',
    );
    expect(vatDecision(austrian, { countryCode: 'AT', vatNumber: 'AT1' })).toEqual({
      treatment: 'domestic',
      rateBasisPoints: 2000,
    });
  });
});

describe('vatCents', () => {
  it('rounds half up to the cent', () => {
    expect(vatCents(10000, 1900)).toBe(1900);
    expect(vatCents(1, 1900)).toBe(0);
    expect(vatCents(3, 1900)).toBe(1);
    // 0.50 at 19 % is 0.095: half a cent rounds up.
    expect(vatCents(50, 1900)).toBe(10);
    expect(vatCents(12345, 0)).toBe(0);
    expect(vatCents(-50, 1900)).toBe(-10);
  });

  it('refuses fractions of cents and rates', () => {
    expect(() => vatCents(10.5, 1900)).toThrow(RangeError);
    expect(() => vatCents(100, 19.5)).toThrow(RangeError);
  });

  it('equals the exact integer computation for any amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (net, rate) => {
          const exact = (BigInt(net) * BigInt(rate) * 2n + 10_000n) / 20_000n;
          expect(BigInt(vatCents(net, rate))).toBe(exact);
        },
      ),
    );
  });
});

describe('rateText', () => {
  it('writes basis points as a percent with two decimals', () => {
    expect(rateText(1900)).toBe('19.00');
    expect(rateText(770)).toBe('7.70');
    expect(rateText(5)).toBe('0.05');
    expect(rateText(0)).toBe('0.00');
  });
});
