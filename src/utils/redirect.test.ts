import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from './redirect.ts';

describe('post-login redirect', () => {
  it('accepts paths of this site only', () => {
    expect(safeRedirectPath('/orders?page=2')).toBe('/orders?page=2');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
