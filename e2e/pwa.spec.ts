import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromiumArgs } from '../playwright.config.ts';
import { chromium, expect, test } from './fixtures/test.ts';

test('the app shell loads offline after one visit', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByText('Login to dashboard')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled by the worker; a reload is, once it has claimed the page.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Login to dashboard')).toBeVisible();
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('the portal is installable: the browser reports no installability errors', async ({
  baseURL,
}) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
    headless: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/login`);
    await expect(page.getByText('Login to dashboard')).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.url).toContain('manifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
