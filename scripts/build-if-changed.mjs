// `npm start` builds the web app and the server only when their sources changed since the last
// build: a hash of every input (sources, config, lock file, build-time VITE_ variables) is kept
// beside each build. A start says in one line what it builds; the build tools' own output is shown
// only when a build fails (`npm run build` shows all of it).
// With NODE_ENV=production it never builds: the tree was built beforehand (the build tools are
// development dependencies, and the file system may be read-only); it only checks that both builds
// are there and says what to run when one is missing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { buildServer, SERVER_ENTRY, SERVER_INPUTS, SERVER_OUT_DIR } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist');
const stampFile = path.join(outDir, '.build-inputs');

if (process.env.NODE_ENV === 'production') process.exit(checkProductionBuild());

/** A production start serves the builds as they are; 1 with what to run when one is missing. */
function checkProductionBuild() {
  const missing = [
    ['dist/index.html', 'npm run build'],
    ['dist-server/index.mjs', 'npm run build:server'],
  ].filter(([file]) => !existsSync(path.join(root, file)));
  if (missing.length === 0) {
    console.log('NODE_ENV=production: serving the builds in dist/ and dist-server/ as they are.');
    return 0;
  }
  for (const [file, command] of missing) {
    console.error(`NODE_ENV=production: ${file} is missing, and a production start never builds.`);
    console.error(`  Build it where the development dependencies are installed: ${command}`);
  }
  console.error(
    "Then install with `npm ci --omit=dev` and start again (the image's build stage does both builds).",
  );
  return 1;
}
const INPUTS = [
  'src',
  'src-sw',
  'workers',
  'contract',
  'public',
  // The build's own plugins (route pages and their markup).
  'tools',
  'index.html',
  'vite.config.ts',
  'tsconfig.app.json',
  'tsconfig.base.json',
  'tsconfig.sw.json',
  'tsconfig.worker.json',
  'package-lock.json',
];

function filesOf(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true })
    .map((name) => path.join(entry, String(name)))
    .filter((name) => statSync(path.join(root, name)).isFile())
    .sort();
}

export function inputsHash(inputs = INPUTS) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf)) {
    // Tests do not end up in the build.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  const viteEnv = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(viteEnv));
  return hash.digest('hex');
}

const current = inputsHash();
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

if (previous === current && existsSync(path.join(outDir, 'index.html'))) {
  console.log('The web app is up to date; not building it again.');
} else {
  console.log(
    previous === null
      ? 'Building the web app…'
      : 'Building the web app (its sources changed since the last build)…',
  );
  const started = performance.now();
  const vite = spawnSync('npx', ['vite', 'build'], { cwd: root, encoding: 'utf8' });
  if (vite.status !== 0) {
    process.stdout.write(vite.stdout ?? '');
    process.stderr.write(vite.stderr ?? '');
    console.error('The web app could not be built; the output above says why.');
    process.exit(vite.status ?? 1);
  }
  writeFileSync(stampFile, `${current}\n`);
  console.log(`Built the web app in ${seconds(started)}.`);
}

const serverStamp = path.join(SERVER_OUT_DIR, '.build-inputs');
const currentServer = inputsHash(SERVER_INPUTS);
const previousServer = existsSync(serverStamp) ? readFileSync(serverStamp, 'utf8').trim() : null;
if (previousServer === currentServer && existsSync(SERVER_ENTRY)) {
  console.log('The server is up to date; not building it again.');
} else {
  console.log('Building the server…');
  const started = performance.now();
  await buildServer();
  writeFileSync(serverStamp, `${currentServer}\n`);
  console.log(`Built the server in ${seconds(started)}.`);
}
