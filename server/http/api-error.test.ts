import { describe, expect, it } from 'vitest';

import { tooManyRequests, tryAgainIn } from './api-error.ts';

describe('the wait of a 429 in words', () => {
  it('says seconds under a minute and whole minutes, rounded up, above', () => {
    expect(tryAgainIn(1)).toBe('Try again in 1 second.');
    expect(tryAgainIn(45)).toBe('Try again in 45 seconds.');
    expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(860)).toBe('Try again in 15 minutes.');
  });

  it('tells a locked-out buyer when to try again, with the same wait in Retry-After', () => {
    const error = tooManyRequests(300);
    expect(error.message).toBe('Too many failed login attempts. Try again in 5 minutes.');
    expect(error.options.headers).toEqual({ 'retry-after': '300' });
  });
});
