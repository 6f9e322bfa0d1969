import { type APIRequestContext, expect, type Page, test } from './fixtures/test.ts';
import { BUYER, DEMO_PASSWORD } from './fixtures/users.ts';
import { LoginPage } from './pages/login-page.ts';

const SECOND_BUYER = { email: 'second.buyer@example.com', password: DEMO_PASSWORD };
const NEW_PASSWORD = 'granite-lantern-orchard-77';

const navigation = (page: Page) => page.getByRole('navigation', { name: /main/i });
const settingsMenu = (page: Page) => page.getByRole('button', { name: /, settings$/ });

async function signIn(page: Page, email: string, password: string) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, password);
  await expect(navigation(page)).toBeVisible();
}

/** Puts a password back through the API, so the other stories of the run still sign in. */
async function restorePassword(request: APIRequestContext, email: string, current: string) {
  const signedIn = await request.post('/api/login_check', {
    data: { username: email, password: current },
  });
  if (!signedIn.ok()) return;
  const { token } = (await signedIn.json()) as { token: string };
  await request.put('/api/v1/common/profiles/passwords/changes', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { current_password: current, new_password: DEMO_PASSWORD },
  });
}

test('a buyer edits their name and sees it in the header', async ({ page }) => {
  await signIn(page, BUYER.email, BUYER.password);
  await page.goto('/profile');
  const details = page.getByRole('form', { name: 'Personal details' });
  const firstName = details.getByLabel('First name');
  const original = await firstName.inputValue();
  await firstName.fill('Emmeline');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(settingsMenu(page)).toContainText('Emmeline');

  await page.reload();
  await expect(settingsMenu(page)).toContainText('Emmeline');
  await expect(details.getByLabel('First name')).toHaveValue('Emmeline');

  // Back as it was, for the other stories of the run.
  await details.getByLabel('First name').fill(original);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(settingsMenu(page)).toContainText(original);
});

test('a buyer sees where they are signed in and signs out of all other devices', async ({
  browser,
  page,
}) => {
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, SECOND_BUYER.email, SECOND_BUYER.password);
  try {
    await signIn(page, SECOND_BUYER.email, SECOND_BUYER.password);
    await page.goto('/profile');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem').first()).toContainText('This device');
    await expect(devices.getByRole('listitem').first()).toContainText(/Chrom/);
    // Seen again through the service worker, as a buyer coming back to the page: the list must
    // be read fresh after the change, not served from a cache.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    await page.reload();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    const signOutAll = page.getByRole('button', { name: 'Sign out of all other devices' });
    await signOutAll.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Sign out of all other devices?' });
    await dialog.getByRole('button', { name: 'Sign out all' }).click();
    await expect(page.getByText('You are not signed in on any other device.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // The other browser's next request is refused: it is back on the sign-in page.
    await other.goto('/orders');
    await expect(other).toHaveURL(/\/login/);
  } finally {
    await otherContext.close();
  }
});

test('a buyer changes the password, signs in with the new one, and another session ends', async ({
  browser,
  page,
  request,
  consoleGuard,
}) => {
  // The browser logs the refused change (a wrong current password) itself.
  consoleGuard.allow(/status of 400 .*\/api\/v1\/common\/profiles\/passwords\/changes/);
  // The other session: another browser, signed in before the change.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, SECOND_BUYER.email, SECOND_BUYER.password);

  try {
    await signIn(page, SECOND_BUYER.email, SECOND_BUYER.password);
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('password1234');
    await expect(form.getByText(/commonly used password/)).toBeVisible();
    await form.getByLabel('Confirm new password').fill('password1234');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The current password is not correct.')).toBeVisible();

    await form.getByLabel('Current password').fill(SECOND_BUYER.password);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await expect(form.getByText('Very strong')).toBeVisible();
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your other devices have been signed out.')).toBeVisible();

    // This session goes on; the other one is refused on its very next request, although its
    // access token has not expired.
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/orders$/);
    await other.goto('/orders');
    await expect(other).toHaveURL(/\/login/);

    // Signing in again takes the new password only.
    const login = new LoginPage(other);
    await login.signIn(SECOND_BUYER.email, SECOND_BUYER.password);
    await expect(other.getByRole('alert')).toContainText('Invalid credentials.');
    await login.signIn(SECOND_BUYER.email, NEW_PASSWORD);
    await expect(navigation(other)).toBeVisible();
  } finally {
    await otherContext.close();
    await restorePassword(request, SECOND_BUYER.email, NEW_PASSWORD);
  }
});
