// The server as one JavaScript module (`dist-server/index.mjs`), so a start loads one file instead
// of compiling some 400 TypeScript modules on the fly (decision 148), and the release step that
// applies migrations (`dist-server/migrate.mjs`, decision 200), run without the TypeScript
// runner where development dependencies are not installed. Packages stay in
// node_modules (external); what the server finds beside its own module at run time is copied next
// to the bundle: the PGlite thread's script and the migrations.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = path.join(root, 'dist-server');
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'index.mjs');
/** `npm run db:migrate` built (server/db/migrate-cli.ts). */
export const MIGRATE_ENTRY = path.join(SERVER_OUT_DIR, 'migrate.mjs');

/** Sources whose change means a new server build (read by build-if-changed.mjs). */
export const SERVER_INPUTS = [
  'server',
  'contract',
  'package-lock.json',
  'scripts/build-server.mjs',
];

export async function buildServer() {
  // Loaded only to build, so that a production start (which reads the constants above) never
  // loads the build tool.
  const { build } = await import('esbuild');
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  mkdirSync(SERVER_OUT_DIR, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: { index: 'server/index.ts', migrate: 'server/db/migrate-cli.ts' },
    outdir: SERVER_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    // Stack traces keep the server's own function names.
    keepNames: true,
    logLevel: 'warning',
  });
  // Found through `new URL(..., import.meta.url)` (server/db/pglite-thread.ts, database.ts).
  cpSync(
    path.join(root, 'server/db/pglite-worker.js'),
    path.join(SERVER_OUT_DIR, 'pglite-worker.js'),
  );
  cpSync(path.join(root, 'server/db/migrations'), path.join(SERVER_OUT_DIR, 'migrations'), {
    recursive: true,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
