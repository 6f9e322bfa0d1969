import { describe, expect, it } from 'vitest';

import { MAX_TEXT_LENGTH, TOO_LONG_MESSAGE } from '#contract/input-rules.ts';

describe('input rules', () => {
  it('the too-long message names the real limit', () => {
    expect(TOO_LONG_MESSAGE).toContain(
      `at most ${MAX_TEXT_LENGTH.toLocaleString('en')} characters`,
    );
  });
});
