import { decodeJwt, SignJWT } from 'jose';

import { waitForServiceWorker } from './fixtures/network.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER, MANAGER } from './fixtures/users.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { LoginPage } from './pages/login-page.ts';

const navigation = (page: Page) => page.getByRole('navigation', { name: /main/i });

test('a buyer signs in and lands on the home page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(navigation(page).getByRole('link', { name: 'Home page' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Orders' })).toBeVisible();
});

test('the login card is painted before its scripts run, and what was typed then is signed in with', async ({
  page,
}) => {
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Login to dashboard' })).toBeVisible();
  const logIn = page.getByRole('button', { name: 'Log in' });
  await expect(logIn).toHaveAttribute('aria-busy', 'true');
  await page.getByLabel('Email').fill(BUYER.email);
  await page.getByLabel('Password', { exact: true }).fill(BUYER.password);
  // Enter before the scripts run submits nowhere: the password never reaches the address.
  await page.keyboard.press('Enter');
  expect(new URL(page.url()).search).toBe('');

  releaseScripts();
  await expect(logIn).not.toHaveAttribute('aria-busy');
  await expect(page.getByLabel('Email')).toHaveValue(BUYER.email);
  await logIn.click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(navigation(page).getByRole('link', { name: 'Orders' })).toBeVisible();
});

test('a wrong password shows the server message and keeps the buyer on the login card', async ({
  page,
  consoleGuard,
}) => {
  // The browser logs the refused sign-in itself.
  consoleGuard.allow(/status of 401 .*\/api\/login_check/);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Invalid credentials.');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-in account manager sees that they have no access', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(MANAGER.email, MANAGER.password);
  await expect(page.getByText("You don't have access")).toBeVisible();
  await expect(navigation(page)).toHaveCount(0);
});

test('a guest who opens a signed-in page is sent to the login card', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Welcome back')).toBeVisible();
});

test('the session survives a reload', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(navigation(page)).toBeVisible();
  await page.reload();
  await expect(navigation(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('an expired access token is refreshed without the buyer noticing', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(navigation(page)).toBeVisible();

  const current = await page.evaluate(() => localStorage.getItem('access_token'));
  const claims = decodeJwt(current ?? '');
  const secret = new TextEncoder().encode(process.env.E2E_JWT_SECRET);
  const expired = await new SignJWT({ username: claims.username, roles: claims.roles })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(secret);
  await page.evaluate((token) => localStorage.setItem('access_token', token), expired);

  await page.goto('/profile');
  await expect(page.getByText(BUYER.email).first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const renewed = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(renewed).not.toBe(expired);
  expect(decodeJwt(renewed ?? '').exp).toBeGreaterThan(Date.now() / 1000);
});

test('logging out clears the session and returns to the start', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(navigation(page)).toBeVisible();
  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  await expect(page.getByText('Login to dashboard')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
});

/** How many rows each table of the app's IndexedDB holds (none when it does not exist yet). */
function savedRows(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('buyer-portal');
        open.onerror = () => reject(new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const database = open.result;
          const names = [...database.objectStoreNames];
          if (names.length === 0) return resolve({});
          const counts: Record<string, number> = {};
          const stores = database.transaction(names);
          for (const name of names) {
            const count = stores.objectStore(name).count();
            count.onsuccess = () => (counts[name] = count.result);
          }
          stores.oncomplete = () => {
            database.close();
            resolve(counts);
          };
        };
      }),
  );
}

/** The addresses of every answer the service worker keeps, across its caches. */
function cachedAddresses(page: Page) {
  return page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) addresses.push(request.url);
    }
    return addresses;
  });
}

test('logging out leaves nothing of the buyer on the device for the next person', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await waitForServiceWorker(page);
  await new CataloguePage(page).waitForRows();
  // The catalogue page is saved for offline use once the browser is idle, the cache within 1 s.
  await expect
    .poll(async () => {
      const rows = await savedRows(page);
      return (rows.cataloguePages ?? 0) > 0 && (rows.queryCache ?? 0) > 0;
    })
    .toBe(true);

  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  await expect(page.getByText('Login to dashboard')).toBeVisible();
  const empty = { queryCache: 0, cataloguePages: 0, savedViews: 0, trackedImports: 0 };
  await expect.poll(() => savedRows(page)).toMatchObject(empty);

  // Someone else signs in on the same device: nothing of the buyer's is kept for them either.
  await login.goto();
  await login.signIn(MANAGER.email, MANAGER.password);
  await expect(page.getByText("You don't have access")).toBeVisible();
  expect(await savedRows(page)).toMatchObject(empty);
  // The service worker keeps only shared reference data, never a buyer's own answers.
  const kept = await cachedAddresses(page);
  expect(kept.filter((address) => new URL(address).pathname.startsWith('/api/'))).toEqual(
    kept.filter((address) => new URL(address).pathname.startsWith('/api/v1/common/')),
  );
});

test('after logging out, a copy of the refresh token no longer renews the session', async ({
  page,
  request,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(navigation(page)).toBeVisible();
  const copied = await page.evaluate(() => localStorage.getItem('refresh_token'));
  const ended = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/logout',
  );
  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  expect((await ended).status()).toBe(204);
  await expect(page.getByText('Login to dashboard')).toBeVisible();
  const renewal = await request.post('/api/token/refresh', { data: { refresh_token: copied } });
  expect(renewal.status()).toBe(401);
});

test('logging out offline still signs out on this device', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(navigation(page)).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page
    .getByRole('button', { name: /log out/i })
    .first()
    .click();
  await expect(page.getByText('Login to dashboard')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  await context.setOffline(false);
});

test('an unknown path shows the error screen with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('button', { name: /go to home/i }).click();
  await expect(page).not.toHaveURL(/no-such-page/);
});
