import { describe, expect, it } from 'vitest';

import {
  describeDecision,
  referencesOf,
  renderIndex,
  resolveStatuses,
} from './decisions-index.mjs';

const decision = (number: string, status: string) =>
  describeDecision(
    `${number}-x.md`,
    `# ${number}. Title ${number}\n\nDate: 2026-12-01 · Status: ${status}\n\n## Context\n\nSee 100.`,
  );

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
      supersededBy: '165',
      supersedes: [],
      amends: [],
      amendedBy: [],
    });
    expect(
      describeDecision('001-stack.md', '# 001 — Versions\n\nDate: 2026-11-21 · Status: accepted')
        .supersededBy,
    ).toBeNull();
    // No status line: in force.
    const none = describeDecision('065-x.md', '# 065. Settings\n\n## Context\n\nStatus: n/a');
    expect(resolveStatuses([none]).decisions[0]?.status).toBe('accepted');
  });

  it('reads which decisions a Status supersedes and amends, over several lines', () => {
    expect(
      referencesOf(
        ' accepted. Supersedes 149 (Preact, not 150) and 155 (the\nslices); Amends 153 (how 154 works), 110\nand 031. Follows 054.',
      ),
    ).toEqual({ supersedes: ['149', '155'], amends: ['153', '110', '031'], amendedBy: [] });
    expect(referencesOf(' accepted. Extends 096. Issue 33 of 2026.')).toEqual({
      supersedes: [],
      amends: [],
      amendedBy: [],
    });
    expect(referencesOf(' accepted; amended by 160 (qs), 165 and 184 (the budgets).')).toEqual({
      supersedes: [],
      amends: [],
      amendedBy: ['160', '165', '184'],
    });
    // Only the header is read, not a later mention in the body.
    expect(decision('170', 'accepted. Amends 053 (the mail queue).').amends).toEqual(['053']);
    expect(
      describeDecision('171-x.md', '# 171. T\n\nStatus: accepted.\n\n## Context\n\nAmends 121.')
        .amends,
    ).toEqual([]);
  });

  it('derives the status of a decision from the later decisions that name it', () => {
    const { decisions, problems } = resolveStatuses([
      decision('100', 'accepted'),
      decision('110', '**superseded by 130** (why).'),
      decision('120', 'accepted. Amends 100 (its budget).'),
      decision('130', 'accepted. Supersedes 110. Amends 100 and 120.'),
    ]);
    expect(problems).toEqual([]);
    expect(decisions.map((d) => d.status)).toEqual([
      'amended by 120, 130',
      'superseded by 130',
      'amended by 130',
      'accepted',
    ]);
  });

  it('reports a superseded decision whose own Status does not say so, and the reverse', () => {
    const { decisions, problems } = resolveStatuses([
      decision('100', 'accepted'),
      decision('110', 'superseded by 120'),
      decision('120', 'accepted. Supersedes 100.'),
      decision('130', 'accepted. Amends 999.'),
      decision('140', 'accepted; amended by 150 (its budget) and 130.'),
      decision('150', 'accepted. Amends 140.'),
    ]);
    expect(decisions[0]?.status).toBe('superseded by 120');
    expect(problems).toEqual([
      '130-x.md names decision 999, which is not another decision',
      '100-x.md: 120 supersedes it, but its Status does not say "superseded by 120"',
      '110-x.md says "superseded by 120", but 120 does not say "Supersedes 110"',
      '140-x.md says "amended by 130", but 130 does not say "Amends 140"',
    ]);
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
