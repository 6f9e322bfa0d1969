import { describe, expect, it } from 'vitest';

import {
  bicProblem,
  emailProblem,
  ibanProblem,
  INVALID_BIC_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_IBAN_MESSAGE,
  INVALID_VAT_MESSAGE,
  isCountryCode,
  normaliseIban,
  normaliseVatNumber,
  VAT_COUNTRY_MISMATCH_MESSAGE,
  vatNumberProblem,
} from '#contract/companies.ts';

describe('company detail checks', () => {
  it.each([
    ['GB33 BUKB 2020 1555 5555 55', null],
    ['de89370400440532013000', null],
    ['FR14 2004 1010 0505 0001 3M02 606', null],
    ['DE89 3704 0044 0532 0130 01', INVALID_IBAN_MESSAGE],
    ['XX00 1234', INVALID_IBAN_MESSAGE],
    ['', INVALID_IBAN_MESSAGE],
  ])('IBAN %s', (value, problem) => {
    expect(ibanProblem(value)).toBe(problem);
  });

  it('writes an IBAN without spaces, in capitals', () => {
    expect(normaliseIban('gb33 bukb 2020 1555 5555 55')).toBe('GB33BUKB20201555555555');
  });

  it.each([
    ['BUKBGB22', null],
    ['deutdedbxxx', null],
    ['DEUT DE DB', null],
    ['BUKB1122', INVALID_BIC_MESSAGE],
    ['BUKBGB2', INVALID_BIC_MESSAGE],
  ])('BIC %s', (value, problem) => {
    expect(bicProblem(value)).toBe(problem);
  });

  it.each([
    ['DE123456789', 'DE', null],
    ['de 123.456.789', 'DE', null],
    ['EL123456789', 'GR', null],
    ['FR40303265045', 'FR', null],
    ['EU372000041', 'AT', null],
    ['DE12345', 'DE', INVALID_VAT_MESSAGE],
    ['FR40303265045', 'DE', VAT_COUNTRY_MISMATCH_MESSAGE],
    ['123456789', 'DE', INVALID_VAT_MESSAGE],
    ['P051234567X', 'KE', null],
    ['12-3', 'KE', INVALID_VAT_MESSAGE],
    ['DE123456789', null, null],
  ])('VAT number %s of a company in %s', (value, country, problem) => {
    expect(vatNumberProblem(value, country)).toBe(problem);
  });

  it('writes a VAT number without separators, in capitals', () => {
    expect(normaliseVatNumber('fr 40-303.265 045')).toBe('FR40303265045');
  });

  it('knows every ISO 3166-1 code and nothing else', () => {
    for (const code of ['DE', 'FR', 'KE', 'AQ', 'VA', 'PS']) expect(isCountryCode(code)).toBe(true);
    for (const code of ['ZZ', 'de', 'DEU', 'UK', '']) expect(isCountryCode(code)).toBe(false);
  });

  it.each([
    ['accounts@example.com', null],
    ['accounts@', INVALID_EMAIL_MESSAGE],
    ['accounts example.com', INVALID_EMAIL_MESSAGE],
  ])('e-mail %s', (value, problem) => {
    expect(emailProblem(value)).toBe(problem);
  });
});
