import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { HOSTNAME_MESSAGES, normaliseHostname } from '#contract/hostname.ts';
import { decodePunycode, hostnameSearchToAscii, hostnameToUnicode } from '#contract/idna.ts';

const accepted = (input: string) => {
  const result = normaliseHostname(input);
  if (!result.ok) throw new Error(`${input} was refused: ${result.message}`);
  return result.hostname;
};

describe('normaliseHostname', () => {
  it.each([
    ['Example.COM.', 'example.com'],
    ['  https://www.Example.com:8080/path?q=1#top ', 'example.com'],
    ['http://shop.example.co.uk/', 'shop.example.co.uk'],
    ['//www.www.example.org', 'example.org'],
    ['example.com:443', 'example.com'],
    ['www.com', 'www.com'],
    ['müller.de', 'xn--mller-kva.de'],
    ['xn--mller-kva.de', 'xn--mller-kva.de'],
    ['HTTPS://例え.テスト/x', 'xn--r8jz45g.xn--zckzah'],
    ['MÜNCHEN.de', 'xn--mnchen-3ya.de'],
    ['straße.de', 'xn--strae-oqa.de'],
    ['παράδειγμα.gr', 'xn--hxajbheg2az3al.gr'],
  ])('reads %j as %s', (input, hostname) => {
    expect(accepted(input)).toBe(hostname);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['1.2.3.4', 'ip_address'],
    ['2130706433', 'ip_address'],
    ['0x7f.0.0.1', 'ip_address'],
    ['[::1]', 'ip_address'],
    ['http://192.168.0.1/admin', 'ip_address'],
    [`${'a'.repeat(64)}.com`, 'label_too_long'],
    [`${'abcdefghi.'.repeat(26)}com`, 'too_long'],
    ['x'.repeat(3000), 'too_long'],
    ['=1+1', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['mailto:someone@example.com', 'invalid'],
    ['ftp://example.com', 'invalid'],
    ['user@example.com', 'invalid'],
    ['exa_mple.com', 'invalid'],
    ['localhost', 'invalid'],
    ['example.123', 'invalid'],
    ['foo..com', 'invalid'],
    ['-a.com', 'invalid'],
    ['a\u0000b.com', 'invalid'],
    ['🏕️.com', 'not_registrable'],
    ['xn--jm8h.com', 'not_registrable'],
    ['i❤.ws', 'not_registrable'],
    ['a☃b.com', 'not_registrable'],
    ['xn--ls8h.la', 'not_registrable'],
    ['xn--abc-.com', 'invalid'],
  ])('refuses %j as %s', (input, problem) => {
    const result = normaliseHostname(input);
    expect(result).toEqual({
      ok: false,
      problem,
      message: HOSTNAME_MESSAGES[problem as keyof typeof HOSTNAME_MESSAGES],
    });
  });

  it('gives a normalised name back unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(fc.domain(), fc.webUrl(), fc.string()), (input) => {
        const first = normaliseHostname(input);
        if (first.ok) expect(normaliseHostname(first.hostname)).toEqual(first);
      }),
    );
  });

  it('accepts every generated domain, in lower case without a leading www.', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        const result = normaliseHostname(domain.toUpperCase());
        if (!result.ok) return /^[\d.]+$/.test(domain.split('.').at(-1) ?? '');
        return result.hostname === domain.replace(/^(?:www\.)+(?=.+\..+)/, '');
      }),
    );
  });

  it('reads a plain ASCII name exactly as the URL parser does', () => {
    fc.assert(
      fc.property(fc.domain(), fc.constantFrom('', 'www.', 'WWW.'), (domain, prefix) => {
        const parsed = new URL(`http://${prefix}${domain}`).hostname;
        const result = normaliseHostname(`${prefix}${domain}`);
        if (result.ok) expect(result.hostname).toBe(parsed.replace(/^(?:www\.)+(?=.+\..+)/, ''));
      }),
    );
  });
});

describe('hostnameToUnicode', () => {
  it.each([
    ['xn--mnchen-3ya.de', 'münchen.de'],
    ['shop.xn--mller-kva.de', 'shop.müller.de'],
    ['xn--r8jz45g.xn--zckzah', '例え.テスト'],
    ['xn--hxajbheg2az3al.gr', 'παράδειγμα.gr'],
    ['example.com', 'example.com'],
  ])('shows %s as %s', (hostname, shown) => {
    expect(hostnameToUnicode(hostname)).toBe(shown);
  });

  it('decodes Punycode as the URL parser encodes it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), (text) => {
        let ascii: string;
        try {
          ascii = new URL(`http://${text}.com`).hostname;
        } catch {
          return;
        }
        for (const label of ascii.split('.')) {
          if (label.startsWith('xn--')) {
            const unicode = decodePunycode(label.slice(4));
            expect(unicode).not.toBeNull();
            expect(new URL(`http://${unicode}.com`).hostname.split('.')[0]).toBe(label);
          }
        }
      }),
    );
  });
});

describe('hostnameSearchToAscii', () => {
  it.each([
    ['münchen', 'xn--mnchen-3ya'],
    [' MÜNCHEN.de ', 'xn--mnchen-3ya.de'],
    ['shop.müller', 'shop.xn--mller-kva'],
    ['例え', 'xn--r8jz45g'],
  ])('looks for %s as %s', (term, ascii) => {
    expect(hostnameSearchToAscii(term)).toBe(ascii);
  });

  it.each(['munich', 'xn--mnchen-3ya', '', 'Küche und Bad', 'münchen/de', 'a%ü'])(
    'has no other form for %j',
    (term) => {
      expect(hostnameSearchToAscii(term)).toBeNull();
    },
  );
});
