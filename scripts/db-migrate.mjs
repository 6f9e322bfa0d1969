// `npm run db:migrate`, the release step (decision 200): runs the built `dist-server/migrate.mjs`
// when it is there and no server source is newer than it (a built tree, with or without its
// sources and development dependencies), else server/db/migrate-cli.ts through tsx (development).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { MIGRATE_ENTRY, SERVER_INPUTS } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'server/db/migrate-cli.ts');

/** Newest modification time of the server's sources; 0 in a tree without them (the image). */
function newestSource() {
  let newest = 0;
  for (const input of SERVER_INPUTS) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory()
      ? readdirSync(full, { recursive: true }).map((name) => path.join(full, String(name)))
      : [full];
    for (const file of files) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

if (existsSync(MIGRATE_ENTRY) && statSync(MIGRATE_ENTRY).mtimeMs >= newestSource()) {
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(MIGRATE_ENTRY).href);
} else {
  const run = spawnSync(process.execPath, ['--import', 'tsx', source], { stdio: 'inherit' });
  if (run.error || run.status === null) {
    console.error(
      'The server build is missing or older than its sources, and tsx could not run them: run `npm run build:server` first.',
    );
    process.exit(1);
  }
  process.exit(run.status);
}
