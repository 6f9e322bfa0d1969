import { describe, expect, it } from 'vitest';

import { formatPercent, formatRatio } from './format.ts';

describe('percentages', () => {
  it('are written without a space before the sign', () => {
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(97)).toBe('97%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatRatio(1)).toBe('100%');
    expect(formatRatio(0.5)).toBe('50%');
  });

  it('read a wire decimal with only the digits it needs', () => {
    expect(formatPercent('19.00')).toBe('19%');
    expect(formatPercent('7.70')).toBe('7.7%');
    expect(formatPercent('7.75')).toBe('7.75%');
    expect(formatPercent('0.00')).toBe('0%');
  });

  it('keep at most two decimals and group thousands', () => {
    expect(formatRatio(0.123456)).toBe('12.35%');
    expect(formatRatio(12.5)).toBe('1,250%');
  });

  it('say nothing for a missing or unreadable figure', () => {
    expect(formatRatio(null)).toBe('');
    expect(formatRatio(Number.NaN)).toBe('');
    expect(formatPercent('n/a')).toBe('');
  });
});
