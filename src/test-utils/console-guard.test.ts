import { describe, expect, it } from 'vitest';

import { allowConsole, consoleCalls, failOnConsole, watchConsole } from './console-guard.ts';

describe('console guard', () => {
  it('fails a test that logs an error or a warning, naming what was logged', () => {
    console.warn('Something is off');
    expect(() => failOnConsole()).toThrow(/console\.warn: Something is off/);
    // The setup checks again after this test; start it over clean.
    watchConsole();
  });

  it('lets a test that expects a log say so and read it', () => {
    allowConsole('error');
    console.error('Expected failure', 42);
    expect(consoleCalls('error')).toEqual([['Expected failure', 42]]);
  });
});
