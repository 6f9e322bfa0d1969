/**
 * Hot reload works (`npm run dev`): the Vite dev server serves the sign-in page, a visitor types
 * into it, and an edit of the component's text shows on screen without a reload, with what was
 * typed still there. Runs in `npm test` after the browser suite; exits 1 when the edit needs a
 * reload or never shows.
 *
 * The edited file is put back as it was when the check ends, however it ends.
 */
import { readFileSync, writeFileSync } from 'node:fs';

import { chromium } from '@playwright/test';
import { createServer } from 'vite';

import { chromiumArgs } from '../playwright.config.ts';

const FILE = 'src/features/auth/components/login-form.tsx';
const TEXT = 'Login to dashboard';
const EDITED = 'Login to the dashboard, edited';

const original = readFileSync(FILE, 'utf8');
if (!original.includes(`"${TEXT}"`)) throw new Error(`${FILE} no longer holds "${TEXT}"`);
const restore = () => writeFileSync(FILE, original);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    restore();
    process.exit(1);
  });
}

const server = await createServer({ logLevel: 'error', server: { port: 5199, strictPort: false } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
let failure: string | null = null;
try {
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The dev server has no local address');
  const page = await browser.newPage();
  const printed: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') printed.push(message.text());
  });
  let loads = 0;
  page.on('load', () => void loads++);

  await page.goto(new URL('/login', url).href);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.filter({ hasText: TEXT }).waitFor({ timeout: 60_000 });
  const email = page.getByLabel('Email');
  await email.fill('typed-before-the-edit@example.com');

  writeFileSync(FILE, original.replace(`"${TEXT}"`, `"${EDITED}"`));
  await heading.filter({ hasText: EDITED }).waitFor({ timeout: 30_000 });

  const value = await email.inputValue();
  if (loads !== 1) failure = `the page reloaded (${loads} loads) instead of updating in place`;
  else if (value !== 'typed-before-the-edit@example.com')
    failure = `what was typed is gone after the update (the field holds "${value}")`;
  else if (printed.length > 0) failure = `the page printed:\n${printed.join('\n')}`;
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  restore();
  await browser.close();
  await server.close();
}

if (failure) {
  console.error(`Hot reload: FAILED: ${failure}`);
  process.exit(1);
}
console.log('Hot reload: the edit showed without a reload, with what was typed kept.');
