/**
 * The accessibility gate of the browser suite (decision 098): axe-core through
 * @axe-core/playwright with the WCAG 2.1 A/AA and best-practice rules, no sideways page scroll,
 * and a full-page screenshot of every screen kept under test-results/screenshots/<size>/.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export const SCREENSHOT_DIR = path.join('test-results', 'screenshots');

export interface ScreenSize {
  name: 'desktop' | 'phone';
  width: number;
  height: number;
}

export const SCREEN_SIZES: readonly ScreenSize[] = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

/** Waits until requests, Headless UI transitions and one-off animations have finished. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-enter], [data-leave], [data-transition]').length === 0 &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
  );
}

/** How far the page scrolls sideways, in CSS pixels (0 when it does not). */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

export interface CheckOptions {
  /** Parts already checked in another state of the same screen, e.g. a list under an open menu. */
  exclude?: string[];
}

/**
 * Checks the screen as it is now: no axe violation of any impact and no sideways scroll; keeps
 * a full-page screenshot. Failures are soft, so one run reports every screen.
 */
export async function checkScreen(
  page: Page,
  testInfo: TestInfo,
  size: ScreenSize,
  name: string,
  options: CheckOptions = {},
) {
  const started = Date.now();
  await settle(page);
  const settled = Date.now();
  let builder = new AxeBuilder({ page })
    .withTags(A11Y_TAGS)
    // Passes and incomplete checks are not read; skipping their details halves the run.
    .options({ resultTypes: ['violations'] });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  if (process.env.A11Y_TIMING)
    console.log(
      `${size.name} ${name}: settle ${settled - started} ms, axe ${Date.now() - settled} ms`,
    );
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes
        .slice(0, 5)
        .map((node) =>
          [
            node.target,
            ...node.any.flatMap((check) => (check.relatedNodes ?? []).map((r) => r.target)),
          ]
            .map((target) => target.join(' '))
            .join(' ~ '),
        )
        .join(' | ')}`,
  );
  expect.soft(violations, `axe violations on "${name}" at ${size.width} px`).toEqual([]);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect
    .soft(widths.scroll, `sideways scroll on "${name}" at ${size.width} px`)
    .toBeLessThanOrEqual(widths.inner);

  const directory = path.join(SCREENSHOT_DIR, size.name);
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(`${size.name}-${name}`, { path: file, contentType: 'image/png' });
}

function decodeMail(raw: string): string {
  // Quoted-printable: soft line breaks and escaped '='.
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** Registers a buyer, confirms the address with the mailed link and returns the credentials. */
export async function registerBuyer(
  request: APIRequestContext,
  label: string,
): Promise<{ email: string; password: string }> {
  const email = `a11y-${label}-${Date.now()}@example.org`;
  const password = 'quiet-harbour-lantern-2026';
  const response = await request.post('/api/v1/public/registrations', {
    data: {
      email,
      password,
      first_name: 'Ada',
      last_name: 'Lindqvist',
      company_name: 'Lindqvist Media',
    },
  });
  expect(response.status(), await response.text()).toBe(202);

  const mailDir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  let token: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(mailDir);
        } catch {
          return false;
        }
        for (const file of files) {
          const text = decodeMail(readFileSync(path.join(mailDir, file), 'utf8'));
          if (!text.includes(email)) continue;
          token = /registrations-confirmations\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
          if (token) return true;
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const confirmed = await request.post(`/api/v1/public/registrations/confirmations/${token}`);
  expect(confirmed.status(), await confirmed.text()).toBe(204);
  return { email, password };
}
