import { afterEach, describe, expect, it } from 'vitest';

import { lastListRoute, rememberListRoute } from './list-route-memory.ts';

afterEach(() => sessionStorage.clear());

describe('last list route', () => {
  it('is the home page until a list was visited', () => {
    expect(lastListRoute()).toBe('/');
  });

  it('remembers the home and orders lists with their query strings, and nothing else', () => {
    rememberListRoute('/', '?filter[niche]=casino');
    expect(lastListRoute()).toBe('/?filter[niche]=casino');
    rememberListRoute('/profile', '');
    expect(lastListRoute()).toBe('/?filter[niche]=casino');
    rememberListRoute('/orders', '?page=2');
    expect(lastListRoute()).toBe('/orders?page=2');
  });
});
