import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  GENERIC_EXTENSIONS,
  hostOf,
  isMultiPartExtension,
  pickTld,
  reduceTld,
} from '#contract/tld.ts';

const KNOWN = ['.com', '.net', '.uk', '.co.uk', '.org.uk', '.de', '.io', '.com.au', '.au'];

describe('TLD reduction', () => {
  it('reduces domains and URLs to the longest known suffix', () => {
    expect(reduceTld('example.co.uk', KNOWN)).toBe('co.uk');
    expect(reduceTld('https://www.shop.example.co.uk/path?q=1', KNOWN)).toBe('co.uk');
    expect(reduceTld('http://user@blog.example.com:8080/', KNOWN)).toBe('com');
    expect(reduceTld('EXAMPLE.DE', KNOWN)).toBe('de');
    expect(reduceTld('.co.uk', KNOWN)).toBe('co.uk');
    expect(reduceTld('uk', KNOWN)).toBe('uk');
    expect(reduceTld('sydney.com.au', KNOWN)).toBe('com.au');
  });

  it('clears the filter for invalid input or unknown extensions', () => {
    expect(reduceTld('', KNOWN)).toBeNull();
    expect(reduceTld('   ', KNOWN)).toBeNull();
    expect(reduceTld('not a domain', KNOWN)).toBeNull();
    expect(reduceTld('example.zz', KNOWN)).toBeNull();
    expect(reduceTld('exa_mple.com', KNOWN)).toBeNull();
  });

  it('accepts a multi-part suffix only when it is a valid multi-part extension', () => {
    expect(reduceTld('a.example.com', ['example.com', 'com'])).toBe('com');
    expect(isMultiPartExtension('co.uk')).toBe(true);
    expect(isMultiPartExtension('com')).toBe(false);
    for (const ext of GENERIC_EXTENSIONS)
      expect(isMultiPartExtension(`example.${ext}`)).toBe(false);
  });

  const label = fc.stringMatching(/^[a-z0-9]{1,8}$/);

  it('always returns a known suffix of the host, or nothing', () => {
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 5 }),
        fc.array(label, { maxLength: 6 }),
        (labels, extra) => {
          const known = [...KNOWN, ...extra];
          const host = labels.join('.');
          const result = reduceTld(host, known);
          if (result === null) return;
          expect(host === result || host.endsWith(`.${result}`)).toBe(true);
          expect(known.map((k) => k.replace(/^\./, ''))).toContain(result);
        },
      ),
    );
  });

  it('prefers the longest known suffix and ignores scheme, path and leading labels', () => {
    fc.assert(
      fc.property(fc.array(label, { maxLength: 4 }), fc.constantFrom(...KNOWN), (prefix, tld) => {
        const suffix = tld.replace(/^\./, '');
        const host = [...prefix, suffix].join('.');
        const direct = reduceTld(host, KNOWN);
        expect(direct).not.toBeNull();
        expect(direct!.split('.').length).toBeGreaterThanOrEqual(suffix.split('.').length);
        expect(reduceTld(`https://${host}/a/b?c=d`, KNOWN)).toBe(direct);
        expect(reduceTld(direct!, KNOWN)).toBe(direct);
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const result = reduceTld(s, KNOWN);
        expect(result === null || typeof result === 'string').toBe(true);
        hostOf(s);
      }),
    );
  });
});

describe('TLD lookup', () => {
  it('uses a single result, else the one titled dot + term, else none', () => {
    expect(pickTld([{ id: '1', title: '.com.au' }], 'au')).toEqual({ id: '1', title: '.com.au' });
    expect(
      pickTld(
        [
          { id: '1', title: '.com.au' },
          { id: '2', title: '.au' },
        ],
        'au',
      ),
    ).toEqual({ id: '2', title: '.au' });
    expect(
      pickTld(
        [
          { id: '1', title: '.com.au' },
          { id: '2', title: '.net.au' },
        ],
        'au',
      ),
    ).toBeNull();
    expect(pickTld([], 'au')).toBeNull();
  });
});
