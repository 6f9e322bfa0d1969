import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  formatViolationPath,
  parseViolationPath,
  type PathSegment,
} from '#contract/violation-path.ts';

const segment = fc.oneof(
  fc.nat({ max: 10_000 }),
  fc.string(),
  fc.constantFrom('items', 'target_url', 'min'),
);

describe('violation paths', () => {
  it('formats a body path with dots and indexes', () => {
    expect(formatViolationPath(['items', 0, 'target_url'])).toBe('items[0].target_url');
    expect(formatViolationPath(['password'])).toBe('password');
    expect(formatViolationPath([])).toBe('');
  });

  it('formats a query-string path in bracket syntax', () => {
    expect(formatViolationPath(['filter', 'price', 'min'], 'bracket')).toBe('filter[price][min]');
    expect(formatViolationPath(['filter', 'ahrefs_domain_rating', 'max'], 'bracket')).toBe(
      'filter[ahrefs_domain_rating][max]',
    );
  });

  it('quotes keys that are not plain names', () => {
    expect(formatViolationPath(['prices', 'a.b'])).toBe('prices["a.b"]');
    expect(formatViolationPath(['filter', '12'], 'bracket')).toBe('filter["12"]');
  });

  it('parses what it formats, in both styles', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 6 }),
        fc.constantFrom('dot', 'bracket'),
        (segments, style) => {
          const path = formatViolationPath(segments as PathSegment[], style as 'dot' | 'bracket');
          expect(parseViolationPath(path)).toEqual(segments);
        },
      ),
    );
  });

  it('refuses text that is not a path', () => {
    expect(parseViolationPath('items[0')).toBeNull();
    expect(parseViolationPath('a b')).toBeNull();
    expect(parseViolationPath('.items')).toBeNull();
  });
});
