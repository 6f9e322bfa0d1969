import { describe, expect, it } from 'vitest';

import { summarySentence } from './labels.ts';

const summary = (over: Partial<Parameters<typeof summarySentence>[0]> = {}) => ({
  total: 312,
  per_health: { pending: 0, healthy: 300, failing: 8, issue: 4 },
  healthy_percent: 97,
  issues_open: 4,
  ...over,
});

describe('summarySentence', () => {
  it('says how many live links there are, the healthy share and the open issues', () => {
    expect(summarySentence(summary())).toBe('312 live links, 97% healthy, 4 issues open');
  });

  it('speaks of one link and one issue in the singular, and groups thousands', () => {
    expect(summarySentence(summary({ total: 1, issues_open: 1, healthy_percent: 0 }))).toBe(
      '1 live link, 0% healthy, 1 issue open',
    );
    expect(summarySentence(summary({ total: 12_500 }))).toMatch(/^12,500 live links/);
  });

  it('says "not checked yet" when no link is checked, and "no issues open" when none is', () => {
    expect(summarySentence(summary({ total: 3, healthy_percent: null, issues_open: 0 }))).toBe(
      '3 live links, not checked yet, no issues open',
    );
  });

  it('says why there is no live link, rather than counting none', () => {
    const none = summary({ total: 0, healthy_percent: null, issues_open: 0 });
    expect(summarySentence(none)).toBe(
      'No live links yet: each is checked once a publisher publishes your article.',
    );
  });
});
