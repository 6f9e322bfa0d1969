/**
 * The index of `docs/decisions/`: one line per decision with its number, title and status, in
 * `docs/decisions/README.md`. A decision's status is its header's `Status:` ("accepted" unless it
 * says it is superseded); a decision without one counts as accepted.
 *
 * `node tools/decisions-index.mjs` writes the index; `--check` (in `npm run lint`) fails when it
 * is not up to date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const indexFile = path.join(folder, 'README.md');

/** Number, title and status of one decision's text. */
export function describeDecision(file, text) {
  const heading = /^#\s+(\d{3})[.\s—-]+(.+)$/m.exec(text);
  if (!heading) throw new Error(`${file} does not open with "# NNN. Title"`);
  const status = /Status:\s*\**([^.·\n]*)/i.exec(text)?.[1] ?? '';
  const superseded = /superseded by (\d{3})/i.exec(status);
  return {
    file,
    number: heading[1],
    title: heading[2].trim(),
    status: superseded ? `superseded by ${superseded[1]}` : 'accepted',
  };
}

export function renderIndex(decisions) {
  const lines = [
    '# Decisions',
    '',
    'Why the portal is built the way it is, one page per decision. A decision is changed by a new',
    'one that supersedes it. This index is written by `node tools/decisions-index.mjs`.',
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
  const decisions = readdirSync(folder)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => describeDecision(file, readFileSync(path.join(folder, file), 'utf8')));
  const index = renderIndex(decisions);
  if (process.argv.includes('--check')) {
    if (readFileSync(indexFile, 'utf8') !== index) {
      console.error('docs/decisions/README.md is out of date: run node tools/decisions-index.mjs');
      process.exit(1);
    }
    return;
  }
  writeFileSync(indexFile, index);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
