// The browser's reading of an uploaded domain list: parse time of 100,000 rows with the imports
// worker's API in Node, and in Chromium through the real worker with the longest main-thread
// task seen meanwhile (PerformanceObserver 'longtask', which reports tasks over 50 ms, and a
// timer heartbeat for shorter ones). Chromium is skipped when it is not installed.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { build } from 'esbuild';

import { importsApi } from '#workers/imports-api.ts';

import { median, ms } from './stats.ts';

const ROWS = 100_000;
const RUNS = 5;
const CHROMIUM = '/usr/bin/chromium';

/** A referring-domain export as SEO tools write it: header, URLs, some duplicates and junk. */
export function benchCsv(rows: number = ROWS): string {
  const lines = ['Source url;Target url;Anchor'];
  for (let i = 0; i < rows; i++) {
    const host = i % 50 === 0 ? `=cmd|${i}` : `https://www.site-${i % 90_000}.example.com/p/${i}`;
    lines.push(`${host};https://shop.test/;anchor ${i}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The simplest upload: one hostname per line, no header. */
export function plainListCsv(rows: number = ROWS): string {
  return Array.from({ length: rows }, (_, i) => `site-${i}.example.com`).join('\n');
}

export interface ImportsWorkerFigures {
  nodeMedianMs: number;
  nodePlainListMedianMs: number;
  chromium: { medianMs: number; longestTaskMs: number; longTasks: number; maxGapMs: number } | null;
}

async function nodeFigures(csv: string): Promise<number> {
  const blob = new Blob([csv]);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const preview = await importsApi.parseDomainList(blob, 'referents');
    times.push(performance.now() - started);
    if (preview.rows !== ROWS) throw new Error(`Expected ${ROWS} rows, read ${preview.rows}`);
  }
  return median(times);
}

const PAGE_SCRIPT = `
import * as Comlink from 'comlink';
window.runBench = async (csv, runs) => {
  const api = Comlink.wrap(new Worker('/worker.js'));
  const blob = new Blob([csv]);
  const longTasks = [];
  new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
  let maxGap = 0;
  let last = performance.now();
  let beating = true;
  const beat = () => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    if (beating) setTimeout(beat, 0);
  };
  await api.parseDomainList(new Blob(['a.com']), 'referents');
  const windowStart = performance.now();
  last = windowStart;
  beat();
  const times = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await api.parseDomainList(blob, 'referents', Comlink.proxy(() => undefined));
    times.push(performance.now() - started);
  }
  beating = false;
  await new Promise((resolve) => setTimeout(resolve, 100));
  const inWindow = longTasks.filter((entry) => entry.startTime >= windowStart);
  return {
    times,
    longTasks: inWindow.length,
    longestTask: Math.max(0, ...inWindow.map((entry) => entry.duration)),
    maxGap,
  };
};
`;

async function bundle(entry: { path?: string; contents?: string }): Promise<string> {
  const result = await build({
    ...(entry.path
      ? { entryPoints: [entry.path] }
      : { stdin: { contents: entry.contents ?? '', resolveDir: process.cwd(), loader: 'ts' } }),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

async function chromiumFigures(csv: string): Promise<ImportsWorkerFigures['chromium']> {
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  const files: Record<string, [string, string]> = {
    '/': ['text/html', '<!doctype html><title>bench</title><script src="/page.js"></script>'],
    '/page.js': ['text/javascript', await bundle({ contents: PAGE_SCRIPT })],
    '/worker.js': ['text/javascript', await bundle({ path: 'workers/imports.worker.ts' })],
  };
  const server: Server = createServer((request, response) => {
    const file = files[request.url ?? '/'];
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => 'runBench' in globalThis);
    const result = await page.evaluate(
      ([text, runs]) =>
        (
          globalThis as unknown as {
            runBench: (
              csv: string,
              runs: number,
            ) => Promise<{
              times: number[];
              longTasks: number;
              longestTask: number;
              maxGap: number;
            }>;
          }
        ).runBench(text, runs),
      [csv, RUNS] as const,
    );
    return {
      medianMs: median(result.times),
      longestTaskMs: result.longestTask,
      longTasks: result.longTasks,
      maxGapMs: result.maxGap,
    };
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

export async function runImportsWorkerBench(): Promise<ImportsWorkerFigures> {
  const csv = benchCsv();
  console.log(
    `worker parse, ${ROWS.toLocaleString('en-US')} rows (the SEO export is ${(csv.length / 1e6).toFixed(1)} MB), median of ${RUNS}`,
  );
  const nodePlainListMedianMs = await nodeFigures(plainListCsv());
  console.log(
    `  Node, worker API on one thread, one hostname per line: ${ms(nodePlainListMedianMs)}`,
  );
  const nodeMedianMs = await nodeFigures(csv);
  console.log(`  Node, worker API on one thread, SEO export of URLs: ${ms(nodeMedianMs)}`);
  const chromium = await chromiumFigures(csv);
  if (chromium) {
    console.log(`  Chromium, in the imports worker, SEO export of URLs: ${ms(chromium.medianMs)}`);
    console.log(
      `  main thread meanwhile: ${chromium.longTasks} long tasks (over 50 ms)${chromium.longTasks > 0 ? `, longest ${ms(chromium.longestTaskMs)}` : ''}; longest gap between timer ticks ${ms(chromium.maxGapMs)}`,
    );
  } else {
    console.log(`  Chromium: not found at ${CHROMIUM}, skipped`);
  }
  return { nodeMedianMs, nodePlainListMedianMs, chromium };
}
