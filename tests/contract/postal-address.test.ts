import { describe, expect, it } from 'vitest';

import { postalAddressLines, postcodePattern } from '#contract/postal-address.ts';

describe('postal addresses by country', () => {
  it('writes a UK city on its own line and the postcode below it', () => {
    expect(
      postalAddressLines({
        address: '20 Old Street',
        postcode: 'EC1V 9HX',
        city: 'London',
        countryCode: 'GB',
        countryName: 'United Kingdom',
      }),
    ).toEqual(['20 Old Street', 'London', 'EC1V 9HX', 'United Kingdom']);
  });

  it('writes "postcode city" in Germany, France and any country it has no pattern for', () => {
    const lines = (countryCode: string | null) =>
      postalAddressLines({
        address: 'Torstraße 1',
        postcode: '10119',
        city: 'Berlin',
        countryCode,
        countryName: 'Germany',
      });
    expect(lines('DE')).toEqual(['Torstraße 1', '10119 Berlin', 'Germany']);
    expect(lines('fr')).toEqual(['Torstraße 1', '10119 Berlin', 'Germany']);
    expect(lines('PL')).toEqual(['Torstraße 1', '10119 Berlin', 'Germany']);
    expect(lines(null)).toEqual(['Torstraße 1', '10119 Berlin', 'Germany']);
  });

  it('writes "City, ST ZIP" in the United States, and "City, ZIP" without a state', () => {
    const address = {
      address: '350 Fifth Avenue',
      postcode: '10118',
      city: 'New York',
      countryCode: 'US',
      countryName: 'United States',
    };
    expect(postalAddressLines({ ...address, state: 'NY' })).toEqual([
      '350 Fifth Avenue',
      'New York, NY 10118',
      'United States',
    ]);
    expect(postalAddressLines(address)).toEqual([
      '350 Fifth Avenue',
      'New York, 10118',
      'United States',
    ]);
  });

  it('keeps the street’s own lines, trims, and leaves out what is empty', () => {
    expect(
      postalAddressLines({
        address: ' Unit 4 \n 1 High Street ',
        postcode: ' D02 XY45 ',
        city: 'Dublin',
        countryCode: 'IE',
        countryName: '',
      }),
    ).toEqual(['Unit 4', '1 High Street', 'Dublin', 'D02 XY45']);
    expect(postcodePattern('gb')).toBe('city_then_postcode_line');
  });
});
