/**
 * The index of `docs/decisions/`: one line per decision with its number, title and status, in
 * `docs/decisions/README.md`.
 *
 * A decision's status is read from the headers of the decisions themselves, so that it is written
 * once. The header's `Status:` paragraph (from `Status:` to the first blank line) may name earlier
 * decisions with two words:
 *
 * - `Supersedes NNN` (or `Supersedes NNN and MMM`): NNN is replaced as a whole. NNN's own Status
 *   must then say `superseded by` this decision, and a decision that says it is superseded must
 *   be named so by the later one; `--check` fails otherwise.
 * - `Amends NNN` (or `Amends NNN (what) and MMM (what)`): part of NNN is changed or added to;
 *   the rest stands. The index shows NNN as "amended by" this decision. NNN's own Status may say
 *   `amended by` it too; a decision named there must say `Amends NNN` (`--check` fails otherwise).
 *
 * Numbers in parentheses are descriptions and are not read; a clause ends at `.`, `;` or `·`.
 * A decision without a Status counts as accepted.
 *
 * `node tools/decisions-index.mjs` writes the index; `--check` (in `npm run lint`) fails when it
 * is not up to date or when statuses disagree.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const indexFile = path.join(folder, 'README.md');

/** The header's Status paragraph: from `Status:` to the first blank line (or the first `#`). */
function statusParagraph(text) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.includes('Status:'));
  if (start === -1) return '';
  const firstSection = lines.findIndex((line) => line.startsWith('## '));
  if (firstSection !== -1 && firstSection < start) return '';
  const paragraph = [lines[start].slice(lines[start].indexOf('Status:') + 'Status:'.length)];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.startsWith('#')) break;
    paragraph.push(line);
  }
  return paragraph.join(' ');
}

const isDigit = (c) => c >= '0' && c <= '9';
const isLetter = (c) => c !== undefined && c.toLowerCase() !== c.toUpperCase();

/**
 * The decisions a Status paragraph supersedes and amends: every three-digit number after
 * `Supersedes` or `Amends` up to the end of its clause, outside parentheses.
 */
export function referencesOf(status) {
  const found = { supersedes: [], amends: [], amendedBy: [] };
  let kind = null;
  let depth = 0;
  for (let i = 0; i < status.length; i++) {
    const c = status[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (depth > 0) continue;
    if (c === ';' || c === '·' || (c === '.' && !isDigit(status[i + 1] ?? ''))) {
      kind = null;
    } else if (!isLetter(status[i - 1])) {
      for (const [word, key] of [
        ['Supersedes ', 'supersedes'],
        ['Amends ', 'amends'],
        ['amended by ', 'amendedBy'],
      ]) {
        if (status.startsWith(word, i)) kind = key;
      }
      if (kind && isDigit(c) && !isDigit(status[i - 1] ?? '')) {
        let end = i;
        while (isDigit(status[end] ?? '')) end++;
        if (end - i === 3) found[kind].push(status.slice(i, end));
        i = end - 1;
      }
    }
  }
  return found;
}

/** Number, title, own status and the decisions it supersedes and amends, from one decision. */
export function describeDecision(file, text) {
  const heading = /^#\s+(\d{3})[.\s—-]+(.+)$/m.exec(text);
  if (!heading) throw new Error(`${file} does not open with "# NNN. Title"`);
  const paragraph = statusParagraph(text);
  const own = /^\s*\**([^.·;\n]*)/.exec(paragraph)?.[1] ?? '';
  const superseded = /superseded by (\d{3})/i.exec(own);
  return {
    file,
    number: heading[1],
    title: heading[2].trim(),
    supersededBy: superseded ? superseded[1] : null,
    ...referencesOf(paragraph),
  };
}

/**
 * Each decision's status as the later decisions name it, and what disagrees: a decision
 * superseded according to a later one but not by its own Status, or the other way round, and a
 * reference to a decision that does not exist.
 */
export function resolveStatuses(described) {
  const byNumber = new Map(described.map((d) => [d.number, d]));
  const supersededBy = new Map();
  const amendedBy = new Map();
  const problems = [];
  for (const d of described) {
    for (const [list, into] of [
      [d.supersedes, supersededBy],
      [d.amends, amendedBy],
    ]) {
      for (const number of list) {
        if (!byNumber.has(number) || number === d.number) {
          problems.push(`${d.file} names decision ${number}, which is not another decision`);
          continue;
        }
        if (!into.has(number)) into.set(number, []);
        if (!into.get(number).includes(d.number)) into.get(number).push(d.number);
      }
    }
  }
  const decisions = described.map((d) => {
    const by = supersededBy.get(d.number) ?? [];
    for (const later of by) {
      if (d.supersededBy !== later)
        problems.push(
          `${d.file}: ${later} supersedes it, but its Status does not say "superseded by ${later}"`,
        );
    }
    for (const later of d.amendedBy) {
      if (!(amendedBy.get(d.number) ?? []).includes(later))
        problems.push(
          `${d.file} says "amended by ${later}", but ${later} does not say "Amends ${d.number}"`,
        );
    }
    if (d.supersededBy && !by.includes(d.supersededBy))
      problems.push(
        `${d.file} says "superseded by ${d.supersededBy}", but ${d.supersededBy} does not say "Supersedes ${d.number}"`,
      );
    const amenders = amendedBy.get(d.number) ?? [];
    const status = d.supersededBy
      ? `superseded by ${d.supersededBy}`
      : by.length > 0
        ? `superseded by ${by.join(', ')}`
        : amenders.length > 0
          ? `amended by ${amenders.join(', ')}`
          : 'accepted';
    return { file: d.file, number: d.number, title: d.title, status };
  });
  return { decisions, problems };
}

export function renderIndex(decisions) {
  const lines = [
    '# Decisions',
    '',
    'Why the portal is built the way it is, one page per decision. A decision is not rewritten',
    'later: a new one that says `Supersedes NNN` replaces it, one that says `Amends NNN` changes',
    'part of it. The status column follows from those words; this index is written by',
    '`node tools/decisions-index.mjs`.',
    '',
    '| #   | decision | status |',
    '| --- | -------- | ------ |',
    ...decisions.map(
      (d) => `| ${d.number} | [${d.title.replaceAll('|', '\\|')}](${d.file}) | ${d.status} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

function main() {
  const described = readdirSync(folder)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => describeDecision(file, readFileSync(path.join(folder, file), 'utf8')));
  const { decisions, problems } = resolveStatuses(described);
  const index = renderIndex(decisions);
  if (process.argv.includes('--check')) {
    if (readFileSync(indexFile, 'utf8') !== index) {
      problems.push('docs/decisions/README.md is out of date: run node tools/decisions-index.mjs');
    }
  } else {
    writeFileSync(indexFile, index);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
