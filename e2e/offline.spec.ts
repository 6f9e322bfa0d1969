import { hostnameToUnicode } from '#contract/idna.ts';

import { goOnline, reportOffline, waitForServiceWorker } from './fixtures/network.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CartPanel } from './pages/cart-panel.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { LoginPage } from './pages/login-page.ts';

interface Known {
  firstName: string;
  company: string;
  domains: string[];
}

/** What the server says about the buyer, read once online to compare with the offline screen. */
async function knownAboutBuyer(page: Page): Promise<Known> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Bearer ${token}` };
  const profile = (await (
    await page.request.get('/api/v1/buyer/profiles', { headers })
  ).json()) as {
    first_name: string;
    accounts: { is_current: boolean; company: { title: string } }[];
  };
  const domains = (await (
    await page.request.get('/api/v1/buyer/domains?page=1&limit=100', { headers })
  ).json()) as { data: { hostname: string }[] };
  const current = profile.accounts.find((account) => account.is_current) ?? profile.accounts[0];
  return {
    firstName: profile.first_name,
    company: current?.company.title ?? '',
    domains: domains.data.map((domain) => domain.hostname),
  };
}

/**
 * The saved copy of the query cache holds the buyer's profile and domains (it is written once a
 * second).
 */
async function waitForSavedCopy(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('buyer-portal');
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              // The profile and the domains in the query cache, and the catalogue page's own copy
              // (written when the browser is idle after the page is drawn).
              const stores = open.result.transaction(['queryCache', 'cataloguePages']);
              const read = stores.objectStore('queryCache').getAll();
              const pages = stores.objectStore('cataloguePages').count();
              stores.onerror = () => resolve(false);
              stores.oncomplete = () =>
                resolve(
                  pages.result > 0 &&
                    ['"profile","detail"', '"buyer","domains","list"'].every((key) =>
                      (read.result as { value: string }[]).some((row) => row.value.includes(key)),
                    ),
                );
            };
          }),
      ),
    )
    .toBe(true);
}

async function expectDashboardFromSavedCopy(page: Page, known: Known) {
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome back, ${known.firstName}` }),
  ).toBeVisible();
  const domain = page.getByRole('combobox', { name: 'Domain' });
  // The list names each domain as the buyer reads it: an internationalised one in Unicode.
  for (const hostname of known.domains) {
    await expect(domain.getByRole('option', { name: hostnameToUnicode(hostname) })).toBeAttached();
  }
  await expect(page.getByText('Domains could not be loaded.')).toHaveCount(0);
  const company = page.getByRole('combobox', { name: 'Company' });
  await expect(company).toHaveValue(/.+/);
  await expect(company.locator('option:checked')).toHaveText(known.company);
  await expect(company).toBeDisabled();
  await expect(page.getByText('Switching company needs a connection.')).toBeVisible();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a buyer who reloads offline still sees their name, domains and company', async ({
      page,
      context,
    }) => {
      const login = new LoginPage(page);
      await login.goto();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await login.signIn(BUYER.email, BUYER.password);
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
      const known = await knownAboutBuyer(page);
      expect(known.domains.length).toBeGreaterThan(0);
      await expect(
        page.getByRole('heading', { level: 1, name: `Welcome back, ${known.firstName}` }),
      ).toBeVisible();
      await waitForServiceWorker(page);
      await new CataloguePage(page).waitForRows();
      await waitForSavedCopy(page);

      await context.setOffline(true);
      try {
        await page.reload();
        await reportOffline(page);
        await expectDashboardFromSavedCopy(page, known);
        // The first offline visit stores the cache again; the next one must still find it all.
        await page.reload();
        await reportOffline(page);
        await expectDashboardFromSavedCopy(page, known);

        const catalogue = new CataloguePage(page);
        await expect(catalogue.rows().first()).toBeVisible();
        const hostname = await catalogue.firstHostname();
        await CartPanel.buyButton(page, hostname).click();
        const panel = page.getByRole('dialog', { name: `Publish an article on ${hostname}` });
        await expect(panel.getByText('The cart needs a connection for this site')).toBeVisible();
        await expect(panel.getByText('Something went wrong.')).toHaveCount(0);
        const add = panel.getByRole('button', { name: 'Add to cart', exact: true });
        await expect(add).toBeDisabled();
        await expect(add).toHaveAccessibleDescription(/needs this site's prices/);
      } finally {
        await goOnline(context);
      }
    });
  });
}

/** The sites the buyer has marked as favourites, as the server holds them. */
async function favouriteHostnames(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const items = (await (
    await page.request.get('/api/v1/buyer/favorite-items', {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { favorite_domains: { hostname: string }[] };
  return items.favorite_domains.map((site) => site.hostname);
}

test('after a reload offline the banner shows, a favourite is kept and sent once the connection returns, with no reload', async ({
  page,
  context,
}) => {
  // The sending waits for the server's answer to a check that is paused up to 30 s.
  test.setTimeout(150_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await waitForServiceWorker(page);
  await waitForSavedCopy(page);
  const banner = page.getByText(/^You are offline\. Saved data is shown/);
  await expect(banner).toHaveCount(0);

  // A site not among the favourites yet.
  const favourites = await favouriteHostnames(page);
  let hostname = '';
  for (let index = 0; index < (await catalogue.rows().count()); index++) {
    const link = catalogue
      .rows()
      .nth(index)
      .getByRole('link', { name: /opens in a new tab/ });
    const label = (await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '';
    const name = label.replace(' (opens in a new tab)', '').trim();
    if (name && !favourites.includes(name)) {
      hostname = name;
      break;
    }
  }
  expect(hostname).not.toBe('');

  // As on the laptop that reloaded offline: the new document's navigator.onLine reads true
  // throughout and no `online` event reaches the app when the connection returns. Failed
  // requests must tell the page it is offline, and answered ones that it is back.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true });
    window.addEventListener('online', (event) => event.stopImmediatePropagation(), true);
    window.addEventListener('offline', (event) => event.stopImmediatePropagation(), true);
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(catalogue.rows().first()).toBeVisible();
    const favourite = page.getByRole('button', { name: `Favorite ${hostname}`, exact: true });
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await favourite.click();
    await expect(
      page.getByText(
        `You are offline: ${hostname} will be added to favorites when the connection returns.`,
      ),
    ).toBeVisible();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Waiting to sync: 1 favorite or blacklist change')).toBeVisible();
    await expect(page.getByText('Uh oh! Something went wrong.')).toHaveCount(0);
    await expect(page.getByText('Could not refresh data')).toHaveCount(0);
    // Straight to the server, not through the offline page: nothing was sent yet.
    expect(await favouriteHostnames(page)).not.toContain(hostname);
  } finally {
    await goOnline(context);
  }

  // Back online with no reload (and perhaps no `online` event): the change is sent by itself.
  await expect(page.getByText('Favorites and blacklist synced')).toBeVisible({ timeout: 45_000 });
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('Waiting to sync: 1 favorite or blacklist change')).toHaveCount(0);
  expect(await favouriteHostnames(page)).toContain(hostname);
  await expect(
    page.getByRole('button', { name: `Favorite ${hostname}`, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Could not refresh data')).toHaveCount(0);

  // The next stories find the catalogue as it was.
  await page.getByRole('button', { name: `Favorite ${hostname}`, exact: true }).click();
  await expect(page.getByText('Removed from favorite domains filter')).toBeVisible();
});

test.describe('before the service worker has saved the app', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page or menu not loaded yet says it is not saved on this device; the page opens once back online', async ({
    page,
    context,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(BUYER.email, BUYER.password);
    await new CataloguePage(page).waitForRows();

    await context.setOffline(true);
    try {
      await page
        .getByRole('navigation', { name: /main/i })
        .getByRole('link', { name: 'Domains' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
      await expect(page.getByText(/not saved on this device yet/)).toBeVisible();
      // The app stays loaded: no reload onto the browser's own error page.
      await expect(page).toHaveURL(/\/domains$/);
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Domains' })).toBeVisible();

    // Offline again on a page already loaded, a menu whose code is not on the device says so
    // instead of doing nothing.
    await context.setOffline(true);
    try {
      await page.getByRole('button', { name: /, settings$/ }).click();
      await expect(
        page.getByText('This is not saved on this device yet.', { exact: false }),
      ).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
