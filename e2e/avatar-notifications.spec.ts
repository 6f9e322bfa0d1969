import path from 'node:path';

import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { LoginPage } from './pages/login-page.ts';

const PORTRAIT = path.join(import.meta.dirname, 'fixtures', 'portrait.jpg');

async function signInToProfile(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
}

test('a buyer uploads a picture, crops it and sees it in the header', async ({ page }) => {
  await signInToProfile(page);
  const header = page.getByRole('banner');
  await expect(header.locator('[data-avatar="initials"]').first()).toBeVisible();

  await page.getByLabel('Picture file').setInputFiles(PORTRAIT);
  const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
  await expect(dialog).toBeVisible();
  // The zoom slider has the focus; the keyboard zooms and moves the picture.
  await expect(dialog.getByLabel('Zoom')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await dialog.getByLabel('Left to right').focus();
  await page.keyboard.press('End');
  await dialog.getByRole('button', { name: 'Save picture' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your picture has been saved.')).toBeVisible();

  const headerPicture = header.locator('img[data-avatar="image"]').first();
  await expect(headerPicture).toBeVisible();
  await expect(headerPicture).toHaveAttribute('src', /^blob:/);
  const size = await headerPicture.evaluate((image: HTMLImageElement) => [
    image.naturalWidth,
    image.naturalHeight,
  ]);
  expect(size).toEqual([96, 96]);

  // Still there after a reload, and it can be removed again.
  await page.reload();
  await expect(header.locator('img[data-avatar="image"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(header.locator('[data-avatar="initials"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload picture' })).toBeVisible();
});

test('a buyer turns a notification off and on again, and the choice is kept', async ({ page }) => {
  await signInToProfile(page);
  const reminder = page.getByRole('switch', { name: 'Missing details reminder' });
  await expect(reminder).toHaveAttribute('aria-checked', 'true');

  await reminder.click();
  await expect(reminder).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Missing details reminder' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  const again = page.getByRole('switch', { name: 'Missing details reminder' });
  await again.focus();
  await page.keyboard.press('Space');
  await expect(again).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Missing details reminder' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});
