import { describe, expect, it } from 'vitest';
import { describeDecision, renderIndex } from './decisions-index.mjs';

describe('the decisions index', () => {
  it('reads the number, the title and whether a decision is superseded', () => {
    expect(
      describeDecision(
        '149-preact.md',
        '# 149. React served by Preact\n\nDate: 2026-11-27 · Status: **superseded by 165** (why).',
      ),
    ).toEqual({
      file: '149-preact.md',
      number: '149',
      title: 'React served by Preact',
      status: 'superseded by 165',
    });
    expect(
      describeDecision('001-stack.md', '# 001 — Versions\n\nDate: 2026-11-21 · Status: accepted')
        .status,
    ).toBe('accepted');
    // No status line: in force.
    expect(describeDecision('065-x.md', '# 065. Settings\n\n## Context').status).toBe('accepted');
  });

  it('refuses a page that does not open with its number and title', () => {
    expect(() => describeDecision('x.md', 'Some notes')).toThrow(/# NNN\. Title/);
  });

  it('lists each decision as a linked row', () => {
    const index = renderIndex([
      { file: '165-react.md', number: '165', title: 'React | itself', status: 'accepted' },
    ]);
    expect(index).toContain('| 165 | [React \\| itself](165-react.md) | accepted |');
  });
});
