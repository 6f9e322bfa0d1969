// The production start as the image runs it (Dockerfile, decision 202): a tree with the built app
// and server and production dependencies only, no sources, `node dist-server/index.mjs` with
// NODE_ENV=production on PostgreSQL and S3 storage. Over real HTTP a new buyer signs up, confirms
// the mailed link, signs in, browses the catalogue, orders and downloads the invoice the worker
// prints. Nothing may be written into the tree, and `npm start`'s first step must not build.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import { openPostgresDatabase } from '#server/db/postgres.ts';
import { seedDemoSites } from '#server/db/seed/demo-sites.ts';
import { createRandom } from '#server/db/seed/random.ts';
import { type RunningPostgres, startTemporaryPostgres } from '#tests/helpers/embedded-postgres.ts';
import { lastMailedToken } from '#tests/helpers/mail-box.ts';
import { type RunningS3Server, s3ServerEnv, startS3Server } from '#tests/helpers/s3-server.ts';

import {
  assertBuilt,
  createProductionTree,
  type ProductionTree,
  ROOT,
  snapshot,
} from './production-tree.ts';
import { signIn } from './server-process.ts';

const PORT = Number(process.env.RELIABILITY_PORT ?? 4143) + 40;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const EMAIL = 'first.buyer@example.org';
const PASSWORD = 'a-long-production-password';

/** Refuses the build tools, so that a start which would load one fails instead. */
const dataUrl = (source: string) => `data:text/javascript,${encodeURIComponent(source)}`;
const NO_BUILD_TOOLS = dataUrl(
  `import { register } from 'node:module'; register(${JSON.stringify(
    dataUrl(
      'export async function resolve(specifier, context, next) {' +
        '  if (/^(esbuild|vite)(\\/|$)/.test(specifier)) throw new Error(`loaded ${specifier}`);' +
        '  return next(specifier, context);' +
        '}',
    ),
  )});`,
);

describe('the production start, as the image runs it', () => {
  let tree: ProductionTree;
  let postgres: RunningPostgres;
  let s3: RunningS3Server;
  let dataDir: string;
  let server: ChildProcess | null = null;
  let output = '';
  let treeBefore: string[];

  /** The settings of a production process (compose.yaml gives the same ones). */
  const productionEnv = (): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'production-start-secret-of-at-least-32-characters',
    ...s3ServerEnv(s3.endpoint),
    PUBLIC_URL: BASE_URL,
    MAIL_TRANSPORT: 'file',
    SELLER_NAME: 'Example Links Ltd',
    SELLER_ADDRESS: '1 Example Street, 10115 Berlin, Germany',
    SELLER_VAT_ID: 'DE811907980',
    SELLER_BANK_ACCOUNT: 'IBAN DE02 1203 0000 0000 2020 51, BIC BYLADEM1001',
    TRUST_PROXY: '1',
    APP_COMMIT: '0123abc',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
  });

  beforeAll(async () => {
    assertBuilt();
    const started = performance.now();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-production-data-'));
    [postgres, s3] = await Promise.all([
      startTemporaryPostgres('buyer-portal-production-pg-'),
      startS3Server(),
    ]);
    tree = createProductionTree();
    console.log(
      tree.installSeconds === null
        ? 'npm ci --omit=dev: its result for this lock file was kept from an earlier run'
        : `npm ci --omit=dev took ${tree.installSeconds.toFixed(1)} s`,
    );
    treeBefore = snapshot(tree.dir);
    // The release step before the processes start, when the build has one.
    if (existsSync(path.join(tree.dir, 'dist-server/migrate.mjs'))) {
      const migrate = spawnSync(process.execPath, ['dist-server/migrate.mjs'], {
        cwd: tree.dir,
        env: productionEnv(),
        encoding: 'utf8',
      });
      if (migrate.status !== 0) throw new Error(`The release step failed:\n${migrate.stderr}`);
    }
    server = spawn(process.execPath, ['dist-server/index.mjs'], {
      cwd: tree.dir,
      env: productionEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntilServing(server, () => output);
    console.log(
      `Production tree ready and serving in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    tree?.remove();
    await postgres?.stop();
    await s3?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the built app from the tree', async () => {
    const response = await fetch(`${BASE_URL}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<div id="root"');
  });

  it('lets a new buyer sign up, browse, order and download the invoice', async () => {
    await addCatalogueSites(postgres.url);
    const token = await signUpAndSignIn(dataDir);
    const bearer = { authorization: `Bearer ${token}` };
    const get = async <T>(route: string): Promise<T> => {
      const response = await fetch(`${BASE_URL}/api${route}`, { headers: bearer });
      expect(response.status, `${route}: ${await response.clone().text()}`).toBe(200);
      return (await response.json()) as T;
    };
    const post = (route: string, body: unknown) =>
      fetch(`${BASE_URL}/api${route}`, {
        method: 'POST',
        headers: {
          ...bearer,
          'content-type': 'application/json',
          [IDEMPOTENCY_KEY_HEADER]: randomUUID(),
        },
        body: JSON.stringify(body),
      });

    const niches = await get<{ data: { id: string }[] }>('/v1/common/niches');
    const niche = niches.data[0]!.id;
    const sites = await get<{ data: { id: string }[]; pagination: { total: number } }>(
      `/v1/buyer/sites?filter[niche][]=${niche}&sorting[price]=ASC&limit=5`,
    );
    expect(sites.pagination.total).toBeGreaterThan(0);
    const countries = await get<{ data: { id: string; code: string }[] }>('/v1/common/countries');
    const germany = countries.data.find((country) => country.code === 'DE')!;
    const profile = await get<{ accounts: { company: { id: string } }[] }>('/v1/buyer/profiles');
    const company = profile.accounts[0]!.company.id;

    const domain = await post('/v1/buyer/domains', { hostname: 'first-buyer.example.org' });
    expect(domain.status, await domain.clone().text()).toBe(201);
    const line = await post('/v1/buyer/shopping-carts/items', {
      link_type: niche,
      buyer_domain: ((await domain.json()) as { id: string }).id,
      site: sites.data[0]!.id,
      articles_number: 1,
      article_topic: 'i_will_write_my_topic',
      anchor_text: 'trail running shoes',
      target_url: 'https://first-buyer.example.org/shoes',
    });
    expect(line.status, await line.clone().text()).toBe(201);
    const placed = await post('/v1/buyer/orders', {
      company,
      invoice_emails: [EMAIL],
      payment_method: 'bank_transfer',
      billing: {
        business_name: 'First Buyer GmbH',
        country_id: germany.id,
        city: 'Hamburg',
        address: 'Hafenstraße 1',
        zip_code: '20359',
        vat_number: null,
      },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = (await placed.json()) as { id: string };

    const invoiceFile = await waitFor(async () => {
      const shown = await get<{ invoice: { file: { id: string } | null } | null }>(
        `/v1/buyer/orders/${order.id}`,
      );
      return shown.invoice?.file?.id ?? null;
    }, 'the invoice to be printed');
    const pdf = await fetch(`${BASE_URL}/api/v1/files/${invoiceFile}`, { headers: bearer });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('writes nothing into the tree', () => {
    expect(snapshot(tree.dir)).toEqual(treeBefore);
    expect(output).not.toMatch(/"level":(50|60)/);
  });

  it("lets npm start's first step serve the builds without loading a build tool", () => {
    const check = (extra: Record<string, string> = {}) =>
      spawnSync(process.execPath, ['--import', NO_BUILD_TOOLS, 'scripts/build-if-changed.mjs'], {
        cwd: tree.dir,
        env: { ...productionEnv(), ...extra },
        encoding: 'utf8',
      });
    const ready = check();
    expect(ready.status, ready.stderr).toBe(0);
    expect(ready.stdout).toContain('serving the builds in dist/ and dist-server/ as they are');
    expect(snapshot(tree.dir)).toEqual(treeBefore);

    renameSync(path.join(tree.dir, 'dist-server'), path.join(tree.dir, 'dist-server-moved'));
    try {
      const missing = check();
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('dist-server/index.mjs is missing');
      expect(missing.stderr).toContain('npm run build:server');
    } finally {
      renameSync(path.join(tree.dir, 'dist-server-moved'), path.join(tree.dir, 'dist-server'));
    }
  });
});

describe('the server bundle', () => {
  it('imports at run time only packages listed in "dependencies"', async () => {
    assertBuilt();
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const modules = readdirSync(path.join(ROOT, 'dist-server')).filter((name) =>
      /\.m?js$/.test(name),
    );
    expect(modules).toContain('index.mjs');
    for (const name of modules) {
      const imported = await importedPackages(path.join(ROOT, 'dist-server', name));
      if (name === 'index.mjs') expect(imported).toContain('fastify');
      const missing = imported.filter((pkg) => !(pkg in manifest.dependencies));
      expect(missing, `dist-server/${name} imports development dependencies`).toEqual([]);
    }
  });
});

/** Resolves once the health route answers; throws with the process's output if it exits. */
async function waitUntilServing(child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited while starting:\n${output()}`);
    try {
      if ((await fetch(`${BASE_URL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer in time:\n${output()}`);
}

async function waitFor<T>(probe: () => Promise<T | null>, what: string): Promise<T> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Waited in vain for ${what}`);
}

/**
 * A production catalogue comes from the sellers' inventory, not from the demo seed (which a
 * production start never runs): the test loads a few sites into the database itself.
 */
async function addCatalogueSites(url: string): Promise<void> {
  const handle = await openPostgresDatabase(url);
  try {
    await seedDemoSites(handle.db, {
      random: createRandom(36),
      today: new Date(),
      count: 40,
      onProgress: () => {},
    });
  } finally {
    await handle.close();
  }
}

/** Signs up, follows the mailed confirmation link and signs in; answers the access token. */
async function signUpAndSignIn(dataDir: string): Promise<string> {
  const registered = await fetch(`${BASE_URL}/api/v1/public/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: EMAIL,
      password: PASSWORD,
      first_name: 'Fiona',
      last_name: 'First',
      company_name: 'First Buyer GmbH',
    }),
  });
  expect(registered.status, await registered.clone().text()).toBe(202);
  const mailDir = path.join(dataDir, 'mail');
  const confirmation = await waitFor(async () => {
    try {
      return lastMailedToken(mailDir, EMAIL, '/registrations-confirmations');
    } catch {
      return null;
    }
  }, 'the confirmation mail');
  const confirmed = await fetch(
    `${BASE_URL}/api/v1/public/registrations/confirmations/${encodeURIComponent(confirmation)}`,
    { method: 'POST' },
  );
  expect(confirmed.status, await confirmed.clone().text()).toBe(204);
  return signIn(BASE_URL, EMAIL, PASSWORD);
}

/** The packages a built module imports, static or dynamic (`@scope/name` or `name`). */
async function importedPackages(file: string): Promise<string[]> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const names = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const parts = imported.path.split('/');
      names.add(imported.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return [...names].sort();
}
