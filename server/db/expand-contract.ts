// Expand/contract (decision 200): during a rolling deploy the previous release's processes still
// run on the migrated database, so a migration may drop, rename, retype or tighten only what the
// previous release's code no longer uses. A release is a version of package.json; every migration
// is listed under the release it ships in (server/db/migrations/releases.json), and the schema a
// release's code uses is the Drizzle snapshot of its last migration (meta/NNNN_snapshot.json).
// Migrations up to `history` were written before the rule and are not judged.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface SnapshotColumn {
  name: string;
  notNull: boolean;
}

/** The part of a drizzle-kit snapshot read here: tables (`public.name`) and their columns. */
export interface Snapshot {
  tables: Record<string, { name: string; columns: Record<string, SnapshotColumn> }>;
}

export interface MigrationFacts {
  /** Tags in the journal's order. */
  tags: string[];
  /** Release version → the tags it ships. */
  releases: Record<string, string[]>;
  /** The last migration written before the rule. */
  history: string;
  /** package.json's version: the release being prepared. */
  packageVersion: string;
  statementsOf(tag: string): string[];
  snapshotOf(tag: string): Snapshot;
}

/** Reads the facts of a migrations folder, its releases.json and the package's version. */
export function readMigrationFacts(folder: string, packageVersion: string): MigrationFacts {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const listed = JSON.parse(readFileSync(path.join(folder, 'releases.json'), 'utf8')) as {
    history: string;
    releases: Record<string, string[]>;
  };
  const idxOf = new Map(journal.entries.map((entry) => [entry.tag, entry.idx]));
  return {
    tags: journal.entries.map((entry) => entry.tag),
    releases: listed.releases,
    history: listed.history,
    packageVersion,
    statementsOf: (tag) =>
      readFileSync(path.join(folder, `${tag}.sql`), 'utf8').split('--> statement-breakpoint'),
    snapshotOf: (tag) => {
      const idx = String(idxOf.get(tag)).padStart(4, '0');
      return JSON.parse(
        readFileSync(path.join(folder, 'meta', `${idx}_snapshot.json`), 'utf8'),
      ) as Snapshot;
    },
  };
}

/** -1, 0 or 1 as version `a` is below, equal to or above `b` (major.minor.patch). */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[.-]/).slice(0, 3).map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** What is wrong with the migrations under the rule; empty when nothing is. */
export function judgeMigrations(facts: MigrationFacts): string[] {
  const releaseOf = new Map<string, string>();
  const problems: string[] = [];
  for (const [version, tags] of Object.entries(facts.releases)) {
    for (const tag of tags) releaseOf.set(tag, version);
  }
  problems.push(...checkReleases(facts, releaseOf));
  if (problems.length > 0) return problems;
  const historyEnd = facts.tags.indexOf(facts.history);
  facts.tags.forEach((tag, index) => {
    if (index <= historyEnd) return;
    const release = releaseOf.get(tag)!;
    const previous = facts.tags
      .slice(0, index)
      .findLast((earlier) => compareVersions(releaseOf.get(earlier)!, release) < 0);
    if (!previous) return;
    const older = facts.snapshotOf(previous);
    const oldRelease = releaseOf.get(previous)!;
    for (const statement of facts.statementsOf(tag)) {
      for (const breach of breaches(statement, older)) {
        problems.push(
          `Migration ${tag} (release ${release}) ${breach}, which release ${oldRelease}'s code still uses (snapshot of ${previous}): do it in a release after the one whose code stops using it.`,
        );
      }
    }
  });
  return problems;
}

function checkReleases(facts: MigrationFacts, releaseOf: Map<string, string>): string[] {
  const problems: string[] = [];
  const historyRelease = releaseOf.get(facts.history);
  if (!historyRelease) problems.push(`The history migration ${facts.history} is in no release.`);
  let last = '0.0.0';
  facts.tags.forEach((tag, index) => {
    const release = releaseOf.get(tag);
    if (!release) {
      problems.push(
        `Migration ${tag} is listed under no release in releases.json: add it under ${facts.packageVersion}.`,
      );
      return;
    }
    if (compareVersions(release, last) < 0) {
      problems.push(
        `Migration ${tag} is in release ${release}, older than an earlier one (${last}).`,
      );
    }
    if (compareVersions(release, facts.packageVersion) > 0) {
      problems.push(
        `Migration ${tag} is in release ${release}, after the package's version ${facts.packageVersion}.`,
      );
    }
    if (
      historyRelease &&
      index > facts.tags.indexOf(facts.history) &&
      compareVersions(release, historyRelease) <= 0
    ) {
      problems.push(
        `Migration ${tag} is in release ${release}, which shipped already (it holds ${facts.history}): raise the package's version.`,
      );
    }
    last = release;
  });
  return problems;
}

// A table or column name as drizzle-kit writes it: `"public"."sites"`, `"sites"` or `sites`;
// written into each pattern as a literal, so that every pattern of the product is checked for
// backtracking (tests/patterns/redos.test.ts).
const DROP_TABLE = /\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:"public"\.)?"?([A-Za-z0-9_]+)"?/gi;
const ALTER_TABLE =
  /^\s*ALTER\s+TABLE\s+(?:ONLY\s+)?(?:IF\s+EXISTS\s+)?(?:"public"\.)?"?([A-Za-z0-9_]+)"?/gi;
const DROP_COLUMN = /\bDROP\s+COLUMN\s+(?:IF\s+EXISTS\s+)?(?:"public"\.)?"?([A-Za-z0-9_]+)"?/gi;
const RENAME_COLUMN = /\bRENAME\s+(?:COLUMN\s+)?(?:"public"\.)?"?([A-Za-z0-9_]+)"?\s+TO\b/gi;
const RENAME_TABLE = /\bRENAME\s+TO\b/gi;
const SET_TYPE =
  /\bALTER\s+(?:COLUMN\s+)?(?:"public"\.)?"?([A-Za-z0-9_]+)"?\s+(?:SET\s+DATA\s+)?TYPE\b/gi;
const SET_NOT_NULL =
  /\bALTER\s+(?:COLUMN\s+)?(?:"public"\.)?"?([A-Za-z0-9_]+)"?\s+SET\s+NOT\s+NULL\b/gi;
const ADD_COLUMN =
  /\bADD\s+COLUMN\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:"public"\.)?"?([A-Za-z0-9_]+)"?([^,;]*)/gi;

const names = (regex: RegExp, text: string) => [...text.matchAll(regex)].map((match) => match[1]!);

/** What a statement does that code using the `older` schema would break on. */
function breaches(statement: string, older: Snapshot): string[] {
  const text = statement
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n');
  const table = (name: string) => older.tables[`public.${name}`];
  const found: string[] = [];
  for (const name of names(DROP_TABLE, text)) {
    if (table(name)) found.push(`drops table ${name}`);
  }
  const altered = names(ALTER_TABLE, text)[0];
  const columns = altered ? table(altered)?.columns : undefined;
  if (!altered || !columns) return found;
  if (RENAME_TABLE.test(text)) found.push(`renames table ${altered}`);
  RENAME_TABLE.lastIndex = 0;
  const checks: [RegExp, string, (column: SnapshotColumn) => boolean][] = [
    [DROP_COLUMN, 'drops column', () => true],
    [RENAME_COLUMN, 'renames column', () => true],
    [SET_TYPE, 'changes the type of column', () => true],
    [SET_NOT_NULL, 'makes column', (column) => !column.notNull],
  ];
  for (const [regex, verb, applies] of checks) {
    for (const name of names(regex, text)) {
      const column = columns[name];
      if (column && applies(column)) {
        found.push(`${verb} ${altered}.${name}${verb === 'makes column' ? ' NOT NULL' : ''}`);
      }
    }
  }
  for (const match of text.matchAll(ADD_COLUMN)) {
    const rest = match[2] ?? '';
    if (/\bNOT\s+NULL\b/i.test(rest) && !/\bDEFAULT\b/i.test(rest)) {
      found.push(`adds column ${altered}.${match[1]} NOT NULL without a default to a table`);
    }
  }
  return found;
}
