import { describe, expect, it, vi } from 'vitest';

import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';

describe('chunk load failures', () => {
  it('recognises the dynamic import errors browsers raise', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: /assets/orders-x.js'),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once per 10 seconds', () => {
    const reload = vi.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadForChunkError(t0, sessionStorage, reload)).toBe(true);
    expect(reloadForChunkError(t0 + 9_999, sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(t0 + 10_000, sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    sessionStorage.clear();
  });

  it('does not reload offline, where the reload would end on the browser error page', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(1_700_000_000_000, sessionStorage, reload, false)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('chunk_reload_at')).toBeNull();
  });
});
