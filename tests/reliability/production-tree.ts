// A tree laid out as the image's runtime stage lays it out: package.json, package-lock.json, the
// built app (dist/) and server (dist-server/), production dependencies only, and no sources. It
// lives in the system's temporary directory, outside the project, so that no package of the
// project's own node_modules can be found by walking up from it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the image copies from the build stage, beside the lock file and the manifest. */
const BUILT = ['dist/index.html', 'dist-server/index.mjs'] as const;
const CACHE_PREFIX = 'buyer-portal-production-modules-';

export interface ProductionTree {
  dir: string;
  /** Seconds `npm ci --omit=dev` took, or null when its result for this lock file was kept. */
  installSeconds: number | null;
  remove(): void;
}

/** Refuses clearly when the builds the image would copy are missing. */
export function assertBuilt(): void {
  const missing = BUILT.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length > 0) {
    throw new Error(
      `The production build is missing (${missing.join(', ')}): run \`npm run build && npm run build:server\` first (npm test builds before the reliability suite).`,
    );
  }
}

export function createProductionTree(): ProductionTree {
  assertBuilt();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-production-'));
  for (const file of ['package.json', 'package-lock.json']) {
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  for (const folder of ['dist', 'dist-server']) {
    cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  }
  // `npm start`'s first step, for a start outside the image.
  mkdirSync(path.join(dir, 'scripts'));
  for (const file of ['build-if-changed.mjs', 'build-server.mjs']) {
    cpSync(path.join(ROOT, 'scripts', file), path.join(dir, 'scripts', file));
  }
  const { modulesDir, installSeconds } = productionModules();
  symlinkSync(modulesDir, path.join(dir, 'node_modules'), 'dir');
  return { dir, installSeconds, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The result of `npm ci --omit=dev` for this lock file, as the image's runtime stage runs it. It
 * is kept in the temporary directory under the hash of the manifest, the lock file and Node's
 * version, since it depends on nothing else: a later run reuses it instead of installing the same
 * packages again. A stale one is removed when a new one is made.
 */
function productionModules(): { modulesDir: string; installSeconds: number | null } {
  const key = createHash('sha256')
    .update(readFileSync(path.join(ROOT, 'package.json')))
    .update(readFileSync(path.join(ROOT, 'package-lock.json')))
    .update(process.version)
    .digest('hex')
    .slice(0, 16);
  const kept = path.join(os.tmpdir(), `${CACHE_PREFIX}${key}`);
  const modulesDir = path.join(kept, 'node_modules');
  if (existsSync(modulesDir)) return { modulesDir, installSeconds: null };
  for (const name of readdirSync(os.tmpdir())) {
    if (name.startsWith(CACHE_PREFIX)) {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
  const staging = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-production-install-'));
  cpSync(path.join(ROOT, 'package.json'), path.join(staging, 'package.json'));
  cpSync(path.join(ROOT, 'package-lock.json'), path.join(staging, 'package-lock.json'));
  const started = performance.now();
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
    { cwd: staging, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  const installSeconds = (performance.now() - started) / 1000;
  if (install.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm ci --omit=dev failed:\n${install.stdout}\n${install.stderr}`);
  }
  renameSync(staging, kept);
  return { modulesDir, installSeconds };
}

/** Every file of the tree (node_modules aside) with its size and time of change. */
export function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name !== 'node_modules' && !name.startsWith(`node_modules${path.sep}`))
    .map((name) => {
      const stat = statSync(path.join(dir, name));
      return `${name} ${stat.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}
