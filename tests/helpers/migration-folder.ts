// A folder of migrations written for one test, laid out as drizzle-kit writes them (a journal in
// meta/_journal.json and one .sql file per entry, statements split by breakpoints).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface FolderMigration {
  tag: string;
  statements: string[];
}

export interface MigrationFolder {
  path: string;
  /** Writes the migrations (all of them, the earlier ones included) as the folder's journal. */
  write(migrations: FolderMigration[]): void;
  remove(): void;
}

/** The journal's `when` of the n-th migration (1 ms apart, as drizzle-kit's are increasing). */
export const whenOf = (index: number) => 1_800_000_000_000 + index;

export function createMigrationFolder(): MigrationFolder {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  return {
    path: folder,
    write(migrations) {
      const entries = migrations.map((migration, idx) => {
        writeFileSync(
          path.join(folder, `${migration.tag}.sql`),
          migration.statements.join('\n--> statement-breakpoint\n'),
        );
        return { idx, version: '7', when: whenOf(idx), tag: migration.tag, breakpoints: true };
      });
      writeFileSync(
        path.join(folder, 'meta', '_journal.json'),
        JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
      );
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
