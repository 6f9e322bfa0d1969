// The expand/contract rule over the repository's migrations, and crafted migrations it refuses
// (decision 200).
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { MIGRATIONS_FOLDER } from './database.ts';
import { judgeMigrations, type MigrationFacts, readMigrationFacts } from './expand-contract.ts';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };
const real = readMigrationFacts(MIGRATIONS_FOLDER, version);
const NEW_TAG = '0021_crafted';
/** The migrations of the shipped release 0.1.0 alone, which the crafted ones follow. */
const shipped: MigrationFacts = {
  ...real,
  tags: real.tags.filter((tag) => tag <= real.history),
  releases: { '0.1.0': real.releases['0.1.0'] ?? [] },
};

/** The shipped migrations plus one crafted migration in release `release`. */
function withMigration(statements: string[], release = '0.2.0'): MigrationFacts {
  return {
    ...shipped,
    packageVersion: release,
    tags: [...shipped.tags, NEW_TAG],
    releases: { ...shipped.releases, [release]: [...(shipped.releases[release] ?? []), NEW_TAG] },
    statementsOf: (tag) => (tag === NEW_TAG ? statements : real.statementsOf(tag)),
    snapshotOf: (tag) => real.snapshotOf(tag === NEW_TAG ? real.history : tag),
  };
}

describe('expand/contract', () => {
  it("holds for the repository's migrations, each listed under its release", () => {
    expect(judgeMigrations(real)).toEqual([]);
  });

  it('refuses dropping a column in the release whose code stops using it', () => {
    expect(
      judgeMigrations(withMigration(['ALTER TABLE "sites" DROP COLUMN "ahrefs_url_rating";'])),
    ).toEqual([
      `Migration ${NEW_TAG} (release 0.2.0) drops column sites.ahrefs_url_rating, which release 0.1.0's code still uses (snapshot of ${real.history}): do it in a release after the one whose code stops using it.`,
    ]);
  });

  it('refuses dropping or renaming a table, renaming or retyping a column, tightening it', () => {
    const problems = judgeMigrations(
      withMigration([
        'DROP TABLE "schedules" CASCADE;',
        'ALTER TABLE "jobs" RENAME TO "tasks";',
        'ALTER TABLE "sites" RENAME COLUMN "hostname" TO "host";',
        'ALTER TABLE "sites" ALTER COLUMN "ahrefs_domain_rating" SET DATA TYPE bigint;',
        'ALTER TABLE "sites" ALTER COLUMN "hostname" SET NOT NULL;',
        'ALTER TABLE "sites" ALTER COLUMN "ip_address" SET NOT NULL;',
        'ALTER TABLE "sites" ADD COLUMN "tier" integer NOT NULL;',
      ]),
    );
    expect(problems.map((problem) => problem.split(', which')[0])).toEqual([
      `Migration ${NEW_TAG} (release 0.2.0) drops table schedules`,
      `Migration ${NEW_TAG} (release 0.2.0) renames table jobs`,
      `Migration ${NEW_TAG} (release 0.2.0) renames column sites.hostname`,
      `Migration ${NEW_TAG} (release 0.2.0) changes the type of column sites.ahrefs_domain_rating`,
      `Migration ${NEW_TAG} (release 0.2.0) makes column sites.ip_address NOT NULL`,
      `Migration ${NEW_TAG} (release 0.2.0) adds column sites.tier NOT NULL without a default to a table`,
    ]);
  });

  it('accepts expanding, and contracting what the previous release stopped using', () => {
    expect(
      judgeMigrations(
        withMigration([
          'ALTER TABLE "sites" ADD COLUMN "tier" integer DEFAULT 0 NOT NULL;',
          'CREATE TABLE "tiers" ("id" integer PRIMARY KEY);',
          'ALTER TABLE "sites" DROP COLUMN "gone_in_0_1_0";',
          'DROP TABLE "gone_table";',
        ]),
      ),
    ).toEqual([]);
  });

  it('accepts a contract one release after the code change, refuses it in the same release', () => {
    const drop = 'ALTER TABLE "sites" DROP COLUMN "ahrefs_url_rating";';
    // Release 0.2.0 stops using the column (its snapshot lacks it), 0.3.0 drops it.
    const expand = withMigration(['SELECT 1;'], '0.2.0');
    const snapshotWithout = () => {
      const snapshot = structuredClone(real.snapshotOf(real.history));
      delete snapshot.tables['public.sites']!.columns.ahrefs_url_rating;
      return snapshot;
    };
    const facts = (dropRelease: string): MigrationFacts => ({
      ...expand,
      packageVersion: dropRelease,
      tags: [...expand.tags, '0022_contract'],
      releases: {
        ...expand.releases,
        [dropRelease]: [...(expand.releases[dropRelease] ?? []), '0022_contract'],
      },
      statementsOf: (tag) => (tag === '0022_contract' ? [drop] : expand.statementsOf(tag)),
      snapshotOf: (tag) =>
        tag === NEW_TAG || tag === '0022_contract' ? snapshotWithout() : real.snapshotOf(tag),
    });
    expect(judgeMigrations(facts('0.3.0'))).toEqual([]);
    expect(judgeMigrations(facts('0.2.0'))).toEqual([
      `Migration 0022_contract (release 0.2.0) drops column sites.ahrefs_url_rating, which release 0.1.0's code still uses (snapshot of ${real.history}): do it in a release after the one whose code stops using it.`,
    ]);
  });

  it('would have refused migration 0012, which dropped columns with the code change', () => {
    const [before, after] = [real.tags.slice(0, 12), real.tags.slice(12)];
    const problems = judgeMigrations({
      ...real,
      history: before.at(-1)!,
      releases: { '0.0.9': before, '0.1.0': after },
    });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain(
      'Migration 0012_domain_import_status_columns_dropped (release 0.1.0) drops column buyer_domains.referents_import_status',
    );
  });

  it('asks for every migration under a release that has not shipped yet', () => {
    const unlisted = { ...withMigration(['SELECT 1;']), releases: shipped.releases };
    expect(judgeMigrations(unlisted)).toEqual([
      `Migration ${NEW_TAG} is listed under no release in releases.json: add it under 0.2.0.`,
    ]);
    const inShipped = withMigration(['SELECT 1;'], '0.1.0');
    expect(judgeMigrations(inShipped)).toEqual([
      `Migration ${NEW_TAG} is in release 0.1.0, which shipped already (it holds ${real.history}): raise the package's version.`,
    ]);
    expect(judgeMigrations({ ...withMigration(['SELECT 1;']), packageVersion: '0.1.0' })).toEqual([
      `Migration ${NEW_TAG} is in release 0.2.0, after the package's version 0.1.0.`,
    ]);
  });
});
