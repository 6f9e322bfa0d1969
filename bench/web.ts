// `npm run bench:web`: the browser's view of the portal. Builds, starts the portal on a fresh data
// directory with demo data, and prints for `/login` and the signed-in `/`: the scripts the page
// loads with their gzip size (workers included), Lighthouse 12 (mobile preset, median of 3 runs;
// the signed-in / with the desktop preset too),
// and the longest main-thread task while the catalogue applies a filter at 25 and 100 rows per
// page and while the signed-in page reloads (the persisted query cache is restored then).
// Prints figures, never fails. Chromium: /usr/bin/chromium (BENCH_CHROMIUM to change it).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';

import { chromiumArgs } from '../playwright.config.ts';
import { median, waitForHealth } from './stats.ts';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 4123);
const CDP_PORT = Number(process.env.BENCH_WEB_CDP_PORT ?? 9423);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const base = `http://127.0.0.1:${PORT}`;
const DIST = path.resolve('dist');
const BUYER = { email: 'buyer@example.com', password: 'demo-password-2026' };
const CHROMIUM_ARGS = [...chromiumArgs, `--remote-debugging-port=${CDP_PORT}`];

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const msText = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`;

/** The gzip size of a built file as served: its precompressed copy, else gzip at level 9. */
function gzipSize(url: string): number | null {
  const file = path.join(DIST, decodeURIComponent(new URL(url).pathname));
  if (!file.startsWith(DIST) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return null;
  if (fs.existsSync(`${file}.gz`)) return fs.statSync(`${file}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
}

/** Every script a page loads from the portal, its workers' scripts included. */
async function recordScripts(
  context: BrowserContext,
  route: string,
  ready: (page: Page) => Promise<void>,
) {
  const page = await context.newPage();
  const scripts = new Set<string>();
  const workerScripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  const workers: Worker[] = [];
  page.on('worker', (worker) => workers.push(worker));
  await page.goto(`${base}${route}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  for (const entry of await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({
      name: e.name,
      type: 'initiatorType' in e ? String(e.initiatorType) : '',
    })),
  )) {
    if (entry.type === 'script' || /\.m?js(\?|$)/.test(entry.name)) scripts.add(entry.name);
  }
  for (const worker of workers) {
    workerScripts.add(worker.url());
    try {
      const names = await worker.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => e.name),
      );
      for (const name of names) if (/\.m?js(\?|$)/.test(name)) workerScripts.add(name);
    } catch {
      // the worker ended
    }
  }
  await page.close();
  const rows: { name: string; gzip: number | null; worker: boolean }[] = [];
  for (const url of scripts) {
    if (!url.startsWith(base)) continue;
    rows.push({ name: new URL(url).pathname, gzip: gzipSize(url), worker: false });
  }
  for (const url of workerScripts) {
    if (!url.startsWith(base) || scripts.has(url)) continue;
    rows.push({ name: new URL(url).pathname, gzip: gzipSize(url), worker: true });
  }
  rows.sort((a, b) => (b.gzip ?? 0) - (a.gzip ?? 0));
  const total = rows.reduce((sum, row) => sum + (row.gzip ?? 0), 0);
  console.log(`\n### ${route}: scripts loaded (gzip), ${rows.length} files, ${kib(total)} in all`);
  for (const row of rows) {
    console.log(
      `  ${row.gzip === null ? '?'.padStart(10) : kib(row.gzip).padStart(10)}  ${row.name}${row.worker ? '  (worker)' : ''}`,
    );
  }
}

interface LighthouseFigures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  /** Where the main thread's time went (simulated): the top scripts and the kinds of work. */
  scripts: string[];
  work: string[];
}

interface LighthouseItem {
  url?: string;
  total?: number;
  scripting?: number;
  groupLabel?: string;
  duration?: number;
}
const itemsOf = (audit: { details?: unknown } | undefined): LighthouseItem[] =>
  ((audit?.details as { items?: LighthouseItem[] } | undefined)?.items ?? []).slice(0, 5);

type Preset = 'mobile' | 'desktop';

async function runLighthouse(
  url: string,
  keepStorage: boolean,
  preset: Preset = 'mobile',
): Promise<LighthouseFigures[]> {
  const runs: LighthouseFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(
      url,
      {
        port: CDP_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: keepStorage,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) continue;
    const { lhr } = result;
    if (lhr.runtimeError) console.log(`  lighthouse: ${lhr.runtimeError.message}`);
    runs.push({
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      scripts: itemsOf(lhr.audits['bootup-time']).map(
        (item) =>
          `${new URL(item.url ?? '', base).pathname} ${msText(item.total)} (script ${msText(item.scripting)})`,
      ),
      work: itemsOf(lhr.audits['mainthread-work-breakdown']).map(
        (item) => `${item.groupLabel} ${msText(item.duration)}`,
      ),
    });
  }
  return runs;
}

function printLighthouse(route: string, runs: LighthouseFigures[], preset: Preset = 'mobile') {
  const pick = (key: 'performance' | 'lcp' | 'tbt' | 'cls' | 'accessibility') =>
    median(runs.map((run) => run[key]));
  console.log(`\n### ${route}: Lighthouse 12, ${preset} preset, median of ${runs.length}`);
  console.log(
    `  performance ${pick('performance')}, LCP ${(pick('lcp') / 1000).toFixed(2)} s, TBT ${msText(pick('tbt'))}, CLS ${pick('cls').toFixed(3)}, accessibility ${pick('accessibility')}`,
  );
  for (const [index, run] of runs.entries()) {
    console.log(
      `  run ${index + 1}: performance ${run.performance}, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${msText(run.tbt)}, CLS ${run.cls.toFixed(3)}, accessibility ${run.accessibility}`,
    );
  }
  // The run with the median TBT: where its main-thread time went (Lighthouse's simulated CPU).
  const typical = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor(runs.length / 2)];
  if (typical) {
    console.log(`  main thread by kind of work: ${typical.work.join(', ')}`);
    console.log(`  main thread by script: ${typical.scripts.join(', ')}`);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** The thread's own CPU time in the event: what other processes' load does not inflate. */
  tdur?: number;
  args?: { name?: string };
}

interface Longest {
  /** Wall time of the longest task. */
  wall: number;
  /** The main thread's CPU time in its most expensive task. */
  cpu: number;
}

/** The longest task of the page's main thread while `work` runs, from a Chromium trace. */
async function longestTask(page: Page, work: () => Promise<void>): Promise<Longest> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await work();
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const longest: Longest = { wall: 0, cpu: 0 };
  for (const event of events) {
    if (event.ph !== 'X' || event.name !== 'RunTask' || event.dur === undefined) continue;
    if (!mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    longest.wall = Math.max(longest.wall, event.dur / 1000);
    longest.cpu = Math.max(longest.cpu, (event.tdur ?? event.dur) / 1000);
  }
  return longest;
}

async function catalogueSettled(page: Page) {
  await page.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+ entries$/).waitFor();
  await page.locator('table[aria-busy]').waitFor({ state: 'detached' });
  await page.locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Let effects, Dexie writes and the next frames run inside the measured span.
  await page.waitForTimeout(700);
}

/** The longest task of applying a DR filter from the filter panel, `times` times. */
async function filterChangeTasks(page: Page, rows: number, times: number): Promise<Longest[]> {
  const select = page.getByLabel('Rows per page');
  if ((await select.inputValue()) !== String(rows)) {
    await select.selectOption(String(rows));
    await catalogueSettled(page);
  }
  const visible = await page.locator('tbody tr').count();
  const results: Longest[] = [];
  for (let change = 0; change < times; change++) {
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    await page
      .getByRole('spinbutton', { name: 'DR min' })
      .fill(String(21 + change + (rows > 25 ? 3 : 0)));
    await page.waitForTimeout(300);
    // Found before the trace starts: Playwright's own role queries run on the page's main thread
    // and would be counted as the page's tasks.
    const apply = await page.getByRole('button', { name: 'Apply filters' }).elementHandle();
    results.push(
      await longestTask(page, async () => {
        const answered = page.waitForResponse((response) =>
          response.url().includes('/api/v1/buyer/sites?'),
        );
        await apply?.click();
        await answered;
        await page.waitForSelector('table:not([aria-busy])');
        await page.waitForTimeout(1000);
      }),
    );
    await page.getByRole('dialog', { name: 'Filters' }).waitFor({ state: 'detached' });
    await catalogueSettled(page);
  }
  console.log(`  (${visible} table rows in the document before the first change)`);
  return results;
}

async function signIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(BUYER.email);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.getByRole('navigation', { name: /main/i }).waitFor();
  await catalogueSettled(page);
  await page.close();
}

export async function runWebBench(): Promise<void> {
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    console.log('building (vite build)…');
    const build = spawnSync(
      path.join('node_modules', '.bin', 'vite'),
      ['build', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
      },
    );
    if (build.status !== 0) {
      console.log('the build failed: no figures');
      return;
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-web-'));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-bench-web-profile-'));
  const server = spawn(path.join('node_modules', '.bin', 'tsx'), ['server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_SITES: process.env.BENCH_WEB_SEED_SITES ?? '2000',
      DEMO_DATA: 'true',
      DEMO_ADVANCE_SECONDS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let context: BrowserContext | undefined;
  try {
    await waitForHealth(base, Date.now() + 240_000);
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      headless: true,
      viewport: { width: 1280, height: 900 },
    });
    console.log(`Chromium ${context.browser()?.version() ?? ''} on ${os.cpus().length} cores`);

    // BENCH_WEB_ONLY=tasks skips the script lists and Lighthouse.
    const everything = process.env.BENCH_WEB_ONLY !== 'tasks';
    // Signed out: the login page as a first visitor gets it.
    if (everything)
      await recordScripts(context, '/login', (page) =>
        page.getByRole('button', { name: /log in|sign in/i }).waitFor(),
      );
    if (everything) printLighthouse('/login', await runLighthouse(`${base}/login`, false));

    // Signed in, in the same profile; Lighthouse keeps its storage (and the service worker).
    await signIn(context);
    if (everything) {
      await recordScripts(context, '/', catalogueSettled);
      printLighthouse('/ (signed in)', await runLighthouse(`${base}/`, true));
      // Buyers mostly use the installed app on a laptop or desktop.
      printLighthouse('/ (signed in)', await runLighthouse(`${base}/`, true, 'desktop'), 'desktop');
    }

    const page = await context.newPage();
    await page.goto(`${base}/`);
    await catalogueSettled(page);
    console.log('\n### longest main-thread task (Chromium trace, desktop width, no throttling)');
    const reload = await longestTask(page, async () => {
      await page.reload();
      await page.waitForSelector('tbody tr td a');
      await page.waitForSelector('table:not([aria-busy])');
      await page.waitForTimeout(1500);
    });
    const both = (tasks: Longest[]) => {
      const wall = tasks.map((t) => t.wall);
      const cpu = tasks.map((t) => t.cpu);
      const each = tasks.map((t) => `${Math.round(t.wall)}/${Math.round(t.cpu)}`).join(', ');
      return `wall median ${msText(median(wall))}, max ${msText(Math.max(...wall))}; main-thread CPU median ${msText(median(cpu))}, max ${msText(Math.max(...cpu))} (${each} ms wall/CPU)`;
    };
    console.log(
      "  (wall time counts waiting for the CPU on a busy machine; CPU time is the page's own work)",
    );
    console.log(
      `  reload of the signed-in / (restores the persisted query cache): ${both([reload])}`,
    );
    for (const rows of [25, 100]) {
      const tasks = await filterChangeTasks(page, rows, 3);
      console.log(`  filter change at ${rows} rows per page: ${both(tasks)}`);
    }
    await page.close();
  } catch (error) {
    console.log(
      `the web benchmark stopped: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await context?.close().catch(() => undefined);
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}
