/**
 * Every screen and its main open states at 1280×800 and 390×844: no axe-core violation of any
 * impact, no sideways page scroll, and a full-page screenshot kept under
 * test-results/screenshots/<desktop|phone>/<screen>.png (decision 098). One sign-in per size.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import {
  checkScreen,
  registerBuyer,
  SCREEN_SIZES,
  type ScreenSize,
  settle,
  sidewaysScroll,
} from './a11y-check.ts';
import { api, cartOfOneArticle } from './fixtures/api.ts';
import { waitForServiceWorker } from './fixtures/network.ts';
import {
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
  type TestInfo,
} from './fixtures/test.ts';
import { BUYER, MANAGER } from './fixtures/users.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { LoginPage } from './pages/login-page.ts';

/** Signs in once through the form and keeps the session for the size's other tests. */
async function saveSession(
  browser: Browser,
  baseURL: string | undefined,
  size: ScreenSize,
  credentials: { email: string; password: string },
  file: string,
) {
  // A worker started again after a failed test keeps the sessions of this run.
  if (existsSync(file)) return;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: size.width, height: size.height },
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(credentials.email, credentials.password);
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).not.toBeNull();
  await context.storageState({ path: file });
  await context.close();
}

async function openMainMenuOnPhone(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open main menu' });
  if (await toggle.isVisible()) await toggle.click();
}

async function gotoAndWait(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page);
}

/**
 * On a phone side sheets and dialogs take the whole width (side sheets the whole height too) with
 * their last button on screen; on a laptop they keep their own width.
 */
async function expectSheetSize(
  page: Page,
  name: string,
  size: ScreenSize,
  kind: 'side' | 'dialog',
) {
  const dialog = page.getByRole('dialog', { name });
  const panel = dialog.locator('[id^="headlessui-dialog-panel"]');
  const box = await panel.boundingBox();
  expect(box, `panel of ${name}`).not.toBeNull();
  if (size.name === 'phone') {
    expect.soft(Math.round(box!.width), `${name} width on a phone`).toBe(size.width);
    if (kind === 'side') {
      expect.soft(Math.round(box!.height), `${name} height on a phone`).toBe(size.height);
    }
    const lastButton = await panel.getByRole('button').last().boundingBox();
    expect
      .soft(lastButton!.y + lastButton!.height, `${name} actions in reach`)
      .toBeLessThanOrEqual(size.height);
  } else {
    expect
      .soft(box!.width, `${name} width on a laptop`)
      .toBeLessThanOrEqual(kind === 'side' ? 482 : 596);
  }
}

/**
 * On a phone a toolbar popover is a modal sheet from the bottom edge: Tab stays inside it. From
 * the sm width up it hangs under its button and is no dialog.
 */
async function expectPopoverSheet(page: Page, name: string, size: ScreenSize) {
  const sheet = page.getByRole('dialog', { name });
  if (size.name !== 'phone') {
    await expect(sheet).toHaveCount(0);
    return;
  }
  await expect(sheet).toBeVisible();
  const box = await sheet.locator('[id^="headlessui-dialog-panel"]').boundingBox();
  expect.soft(Math.round(box!.y + box!.height), `${name} at the bottom edge`).toBe(size.height);
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
      `focus in ${name} after ${step + 1} Tab`,
    ).toBe(true);
  }
}

/**
 * A toolbar popover: opened, a sheet on a phone that keeps focus, closed by Escape (or a tap on
 * the page) with focus back on its button; then opened again for the screen check. The check's
 * full-page screenshot resizes the viewport, so focus is checked on a round without it.
 */
async function checkPopover(
  page: Page,
  testInfo: TestInfo,
  size: ScreenSize,
  popover: { button: Locator; content: Locator; name: string; screen: string; closeByTap: boolean },
) {
  const close = async () => {
    if (popover.closeByTap) await page.mouse.click(size.width / 2, 10);
    else await page.keyboard.press('Escape');
    await expect(popover.content).toHaveCount(0);
  };
  await popover.button.click();
  await expect(popover.content).toBeVisible();
  // A sheet slides in: measured once it is in place.
  await settle(page);
  await expectPopoverSheet(page, popover.name, size);
  await close();
  await expect(popover.button).toBeFocused();
  await popover.button.click();
  await expect(popover.content).toBeVisible();
  // The rows do not change while a popover is open over them.
  await checkScreen(page, testInfo, size, popover.screen, { exclude: ['tbody'] });
  await close();
}

/** Routes a signed-in buyer opens; their sideways scroll is also checked at 768 and 1920 px. */
const BUYER_ROUTES = [
  '/',
  '/orders',
  '/domains',
  '/profile',
  '/companies',
  '/companies/create',
  '/content-guidelines',
  '/checkout',
  '/terms-and-conditions',
  '/members',
  '/audit-log',
  '/purchase-requests',
];

for (const size of SCREEN_SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.describe.configure({ timeout: 150_000 });

    const sessionFile = path.join(process.env.E2E_DATA_DIR ?? '.', `a11y-${size.name}.json`);
    const newBuyerFile = path.join(process.env.E2E_DATA_DIR ?? '.', `a11y-new-${size.name}.json`);

    test.beforeAll(async ({ browser, baseURL, playwright }) => {
      test.setTimeout(90_000);
      await saveSession(browser, baseURL, size, BUYER, sessionFile);
      if (existsSync(newBuyerFile)) return;
      const request = await playwright.request.newContext({ baseURL });
      const newBuyer = await registerBuyer(request, size.name);
      await request.dispose();
      await saveSession(browser, baseURL, size, newBuyer, newBuyerFile);
    });

    test.describe('signed out', () => {
      test('sign-in, registration, recovery, terms and the error screen', async ({
        page,
        consoleGuard,
      }, testInfo) => {
        // The invitation page asks for an unknown token, which the server answers 404.
        consoleGuard.allow(/status of 404 .*\/api\/v1\/public\/invitations\//);
        await gotoAndWait(page, '/login');
        await checkScreen(page, testInfo, size, 'login');
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page.getByText('Enter your e-mail address.').first()).toBeVisible();
        await checkScreen(page, testInfo, size, 'login-errors');

        await gotoAndWait(page, '/register');
        await checkScreen(page, testInfo, size, 'register');
        await page.getByRole('button', { name: 'Create account' }).click();
        await expect(page.getByText('Enter your e-mail address.').first()).toBeVisible();
        await checkScreen(page, testInfo, size, 'register-errors');

        await gotoAndWait(page, '/forgot-password');
        await checkScreen(page, testInfo, size, 'forgot-password');

        await gotoAndWait(page, '/passwords-resets');
        await checkScreen(page, testInfo, size, 'password-reset-without-token');
        await gotoAndWait(page, '/registrations-confirmations');
        await checkScreen(page, testInfo, size, 'registration-confirmation-without-token');
        await gotoAndWait(page, '/email-changes-confirmations');
        await checkScreen(page, testInfo, size, 'email-change-confirmation-without-token');

        await gotoAndWait(page, '/terms-and-conditions');
        await checkScreen(page, testInfo, size, 'terms-signed-out');

        await gotoAndWait(page, '/no-such-page');
        await checkScreen(page, testInfo, size, 'not-found');

        await gotoAndWait(page, '/invitations/not-a-real-invitation-token');
        await expect(page.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
        await checkScreen(page, testInfo, size, 'invitation-not-valid');
      });
    });

    test.describe('signed in', () => {
      test.use({ storageState: sessionFile });

      test('the catalogue and its open states, and a site', async ({ page }, testInfo) => {
        const catalogue = new CataloguePage(page);
        await page.goto('/');
        await catalogue.waitForRows();
        await checkScreen(page, testInfo, size, 'catalogue');
        // The rows do not change while a menu or panel is open over them.
        const underOpenParts = { exclude: ['tbody'] };

        await catalogue.openFilters();
        await checkScreen(page, testInfo, size, 'catalogue-filters', underOpenParts);
        await expectSheetSize(page, 'Filters', size, 'side');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(page.getByRole('button', { name: /^Filters(, \d+ active)?$/ })).toBeFocused();

        // On a phone a popover is a sheet over a dimmed page, as the dialogs are: a tap on the
        // page closes it and gives focus back to its button.
        await checkPopover(page, testInfo, size, {
          button: page.getByRole('button', { name: /^Columns/ }),
          content: page.getByRole('button', { name: 'Show all columns' }),
          name: 'Columns',
          screen: 'catalogue-column-chooser',
          closeByTap: size.name === 'phone',
        });
        await checkPopover(page, testInfo, size, {
          button: page.getByRole('button', { name: 'Saved filters' }),
          content: page.getByRole('textbox', { name: 'Filter name' }),
          name: 'Saved filters',
          screen: 'catalogue-saved-filters',
          closeByTap: false,
        });

        // On a phone the catalogue reads as cards without a header row (sorting is the Sort by
        // choice above them), so a column's menu exists from the md width up.
        if (size.width >= 768) {
          await page.getByRole('button', { name: 'Column options for Price' }).click();
          await expect(page.getByRole('menu')).toBeVisible();
          await checkScreen(page, testInfo, size, 'catalogue-column-menu', underOpenParts);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('menu')).toHaveCount(0);
        } else {
          await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
        }

        const settings = page.getByRole('button', { name: /, settings$/ });
        if (await settings.isVisible()) {
          // "Emma Johnson, settings", not "Emma Johnson , settings".
          await expect(settings).toHaveAccessibleName(/\S, settings$/);
          await settings.click();
          await expect(page.getByRole('menu')).toBeVisible();
          await checkScreen(page, testInfo, size, 'user-menu', underOpenParts);
          await page.keyboard.press('Escape');
        } else {
          await openMainMenuOnPhone(page);
          await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
          await checkScreen(page, testInfo, size, 'main-menu', underOpenParts);
          await page.getByRole('button', { name: 'Close main menu' }).click();
        }

        const hostname = await catalogue.firstHostname();
        const buy = page.getByRole('button', {
          name: new RegExp(`^Buy an article on ${hostname.replace(/\./g, '\\.')}`),
        });
        await buy.click();
        const panel = page.getByRole('dialog', { name: `Publish an article on ${hostname}` });
        await expect(panel.getByRole('radio', { name: 'Standard' })).toBeVisible();
        await checkScreen(page, testInfo, size, 'cart-panel', underOpenParts);
        await expectSheetSize(page, `Publish an article on ${hostname}`, size, 'side');
        await page.keyboard.press('Escape');
        await expect(panel).toHaveCount(0);
        await expect(buy).toBeFocused();

        await page.getByRole('link', { name: `Details about ${hostname}` }).click();
        await expect(
          page.getByRole('heading', { name: `Details about ${hostname}` }),
        ).toBeVisible();
        await checkScreen(page, testInfo, size, 'site-detail');
      });

      test('checkout, its errors and confirm dialog, the success page and orders', async ({
        page,
      }, testInfo) => {
        await page.goto('/orders');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await cartOfOneArticle(page, {
          article_topic: 'i_will_write_my_topic',
          is_topic_needs_approval: false,
        });

        await gotoAndWait(page, '/checkout');
        await expect(page.getByRole('table', { name: 'Articles in your cart' })).toBeVisible();
        await checkScreen(page, testInfo, size, 'checkout');

        await page.getByRole('button', { name: 'Order now' }).click();
        await expect(
          page.getByText('Please fill in all required fields for each row to proceed to payment.'),
        ).toBeVisible();
        await checkScreen(page, testInfo, size, 'checkout-errors');

        const emptyCart = page.getByRole('button', { name: 'Empty cart' });
        await emptyCart.click();
        await expect(page.getByRole('alertdialog', { name: 'Empty the cart?' })).toBeVisible();
        await checkScreen(page, testInfo, size, 'checkout-confirm-empty-cart');
        await page.getByRole('button', { name: 'Cancel' }).click();
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
        await expect(emptyCart).toBeFocused();

        const orders = await api<{ data: { id: string }[] }>(page, 'GET', '/v1/buyer/orders');
        const orderId = orders.data[0]!.id;
        await gotoAndWait(page, `/checkout?placed=${orderId}`);
        await checkScreen(page, testInfo, size, 'checkout-success');

        await gotoAndWait(page, '/orders');
        await expect(page.getByRole('table').first()).toBeVisible();
        await checkScreen(page, testInfo, size, 'orders');
        // Its saved layouts open under a page heading one level up from the catalogue's.
        await page.getByRole('button', { name: 'Saved layouts' }).click();
        await expect(page.getByRole('textbox', { name: /name$/ })).toBeVisible();
        await checkScreen(page, testInfo, size, 'orders-saved-layouts', {
          exclude: ['tbody'],
        });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('textbox', { name: /name$/ })).toHaveCount(0);

        await gotoAndWait(page, `/orders/${orderId}`);
        await checkScreen(page, testInfo, size, 'order-detail');
        // An item's conversation with the publisher, in its sheet (decision 213).
        await page
          .getByRole('button', { name: /^Messages (\d+ unread )?for item / })
          .first()
          .click();
        const sheet = page.getByRole('dialog', { name: /^Messages for item / });
        await expect(sheet.getByRole('region', { name: 'Conversation' })).toBeVisible();
        await sheet.getByRole('button', { name: 'Send' }).click();
        await expect(sheet.getByText('Write a message.')).toBeVisible();
        await checkScreen(page, testInfo, size, 'order-item-messages');
      });

      test('domains, profile, companies and content guidelines', async ({ page }, testInfo) => {
        await gotoAndWait(page, '/domains');
        await expect(page.getByRole('table').first()).toBeVisible();
        await checkScreen(page, testInfo, size, 'domains');

        const addDomain = page.getByRole('button', { name: 'Add domain' }).first();
        await addDomain.click();
        const dialog = page.getByRole('dialog', { name: 'Add domain' });
        await expect(dialog.getByRole('textbox', { name: 'Domain' })).toBeFocused();
        await checkScreen(page, testInfo, size, 'domains-add-dialog');
        await expectSheetSize(page, 'Add domain', size, 'dialog');
        await dialog.getByRole('button', { name: 'Add domain' }).click();
        await expect(dialog.getByRole('textbox', { name: 'Domain' })).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        await checkScreen(page, testInfo, size, 'domains-add-dialog-errors');
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(addDomain).toBeFocused();

        await gotoAndWait(page, '/profile');
        await checkScreen(page, testInfo, size, 'profile');

        await gotoAndWait(page, '/companies');
        await checkScreen(page, testInfo, size, 'companies');

        await gotoAndWait(page, '/companies/create');
        await checkScreen(page, testInfo, size, 'company-request');
        await page.getByRole('button', { name: 'Send company request' }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await checkScreen(page, testInfo, size, 'company-request-errors');

        await gotoAndWait(page, '/content-guidelines');
        await expect(page.getByRole('button', { name: 'Save guidelines' })).toBeVisible();
        await checkScreen(page, testInfo, size, 'content-guidelines');

        await gotoAndWait(page, '/terms-and-conditions');
        await checkScreen(page, testInfo, size, 'terms-signed-in');
      });

      test('the team: members, inviting, purchase requests and the audit log', async ({
        page,
      }, testInfo) => {
        await gotoAndWait(page, '/members');
        await expect(page.getByText('viewer.member@example.com').first()).toBeVisible();
        await checkScreen(page, testInfo, size, 'members');

        const invite = page.getByRole('button', { name: 'Invite member' });
        await invite.click();
        const dialog = page.getByRole('dialog', { name: 'Invite a member' });
        await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
        await expectSheetSize(page, 'Invite a member', size, 'dialog');
        await dialog.getByRole('button', { name: 'Send invitation' }).click();
        await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute(
          'aria-invalid',
          'true',
        );
        await checkScreen(page, testInfo, size, 'members-invite-dialog-errors');
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(invite).toBeFocused();
        // Escape after typing, opened with the keyboard, gives focus back to the button too.
        await page.keyboard.press('Enter');
        await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
        await page.keyboard.type('someone@example.com');
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(invite).toBeFocused();
        // And from the corner's close button, which stays while the dialog fades out.
        await page.keyboard.press('Enter');
        await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();
        await page.keyboard.press('Shift+Tab');
        await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(invite).toBeFocused();

        // A role is chosen in a dialog; arrows there save nothing, Escape returns to the button.
        const changeRole = page.getByRole('button', { name: /^Change role of / }).last();
        await changeRole.focus();
        await page.keyboard.press('Enter');
        const roleDialog = page.getByRole('dialog', { name: 'Change role' });
        await expect(roleDialog.getByRole('combobox', { name: 'Role' })).toBeFocused();
        await checkScreen(page, testInfo, size, 'members-role-dialog');
        await page.keyboard.press('Escape');
        await expect(roleDialog).toHaveCount(0);
        await expect(changeRole).toBeFocused();
        await expect(page.getByText('The member has been updated.')).toHaveCount(0);

        await gotoAndWait(page, '/purchase-requests');
        await expect(page.getByText('PR-1001').first()).toBeVisible();
        // Declining needs a reason: the button is reachable and, pressed without one, says so.
        const reason = page.getByRole('textbox', { name: 'Reason to decline' }).first();
        const decline = page.getByRole('button', { name: /^Decline PR-/ }).first();
        await decline.focus();
        await page.keyboard.press('Enter');
        await expect(reason).toBeFocused();
        await expect(reason).toHaveAttribute('aria-invalid', 'true');
        await checkScreen(page, testInfo, size, 'purchase-requests-decline-error');
        // The demo's request waits for the Owner: the menu's button says so.
        const menuButton =
          size.name === 'phone'
            ? page.getByRole('button', { name: 'Open main menu' })
            : page.getByRole('button', { name: /, settings$/ });
        await expect(menuButton).toHaveAccessibleDescription(/^\d+ purchase requests? to decide$/);
        await checkScreen(page, testInfo, size, 'purchase-requests');

        await gotoAndWait(page, '/audit-log');
        await checkScreen(page, testInfo, size, 'audit-log');
      });

      test('focus returns to the menu that opened a dialog from one of its items', async ({
        page,
      }) => {
        await page.addInitScript(() => localStorage.setItem('developerSettings', 'on'));
        await gotoAndWait(page, '/orders');
        const settings = page.getByRole('button', { name: /, settings$/ });
        const mainMenu = page.getByRole('button', { name: 'Open main menu' });
        const opener = size.name === 'phone' ? mainMenu : settings;
        await opener.click();
        await page
          .getByRole(size.name === 'phone' ? 'button' : 'menuitem', { name: 'Developer settings' })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Developer settings' });
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expect(opener).toBeFocused();
      });

      if (size.name === 'phone') {
        test('the phone menu closes on Escape and when a section is chosen, which opens at its top', async ({
          page,
        }) => {
          await gotoAndWait(page, '/orders');
          const toggle = page.getByRole('button', { name: 'Open main menu' });
          await toggle.click();
          const close = page.getByRole('button', { name: 'Close main menu' });
          await expect(close).toHaveAttribute('aria-expanded', 'true');
          const menu = page.getByRole('navigation', { name: 'Main' });
          await expect(menu).toBeVisible();
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
          await expect(toggle).toBeFocused();
          await expect(toggle).toHaveAttribute('aria-expanded', 'false');

          // Chosen from part-way down the page, the next section opens at its top.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
          await toggle.focus();
          await page.keyboard.press('Enter');
          // The catalogue, taller than the orders page, so the old position would still fit.
          await menu.getByRole('link', { name: 'Home page' }).click();
          await expect(page).toHaveURL(/\/(\?.*)?$/);
          await expect(menu).toBeHidden();
          await new CataloguePage(page).waitForRows();
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        });
      }

      test('a list offline', async ({ page, context }, testInfo) => {
        const catalogue = new CataloguePage(page);
        await page.goto('/');
        await catalogue.waitForRows();
        await settle(page);
        await waitForServiceWorker(page);
        await context.setOffline(true);
        try {
          await page.getByLabel('Rows per page').selectOption('100');
          await expect(page.getByText('Not available offline').first()).toBeVisible();
          await checkScreen(page, testInfo, size, 'catalogue-offline');
        } finally {
          await context.setOffline(false);
        }
      });

      if (size.name === 'desktop') {
        test('routes have no sideways scroll at 768, 1024 and 1920 px either', async ({ page }) => {
          for (const width of [768, 1024, 1920]) {
            await page.setViewportSize({ width, height: 900 });
            for (const route of BUYER_ROUTES) {
              await gotoAndWait(page, route);
              expect.soft(await sidewaysScroll(page), `${route} at ${width} px`).toBe(0);
            }
          }
        });
      }
    });

    test('a signed-in account that is not a buyer: the no-access screen', async ({
      browser,
      baseURL,
    }, testInfo) => {
      const context = await browser.newContext({
        baseURL,
        viewport: { width: size.width, height: size.height },
        storageState: { cookies: [], origins: [] },
      });
      const page = await context.newPage();
      try {
        const login = new LoginPage(page);
        await login.goto();
        await login.signIn(MANAGER.email, MANAGER.password);
        await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
        await checkScreen(page, testInfo, size, 'no-access');

        // The skip link leads into the screen's main landmark.
        await page.reload();
        await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
        await page.keyboard.press('Tab');
        await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        await expect(page.getByRole('main').getByRole('button', { name: 'Log out' })).toBeFocused();
      } finally {
        await context.close();
      }
    });

    test.describe('a buyer who just registered', () => {
      test.use({ storageState: newBuyerFile });

      test('sees empty lists', async ({ page }, testInfo) => {
        await gotoAndWait(page, '/orders');
        await expect(page.getByText(/no orders/i).first()).toBeVisible();
        await checkScreen(page, testInfo, size, 'orders-empty');

        await gotoAndWait(page, '/domains');
        await expect(page.getByText('No domains yet')).toBeVisible();
        await checkScreen(page, testInfo, size, 'domains-empty');

        await gotoAndWait(page, '/checkout');
        await expect(page.getByText('Your cart is empty')).toBeVisible();
        await checkScreen(page, testInfo, size, 'checkout-empty');
      });
    });
  });
}

test('undo in the toast brings back a site just blacklisted from the catalogue', async ({
  page,
}, testInfo) => {
  const [laptop] = SCREEN_SIZES;
  await page.setViewportSize({ width: laptop!.width, height: laptop!.height });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const hostname = await catalogue.firstHostname();
  const details = page.getByRole('link', { name: `Details about ${hostname}` });
  const siteId = (await details.getAttribute('href'))!.split('/').pop()!;
  const link = page.getByRole('link', { name: `${hostname} (opens in a new tab)` });
  const blacklist = page.getByRole('checkbox', { name: `Blacklist ${hostname}`, exact: true });

  await blacklist.click();
  await expect(page.getByText('Added to blacklist')).toBeVisible();
  await expect(link).toHaveCount(0);
  // The toast stays while the pointer or focus is on it, so the check sees it.
  await page.getByRole('button', { name: 'Undo' }).hover();
  await checkScreen(page, testInfo, laptop!, 'catalogue-undo-toast', {
    exclude: ['tbody'],
  });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(link).toBeVisible();
  await expect(blacklist).not.toBeChecked();

  await page.reload();
  await catalogue.waitForRows();
  await expect(link).toBeVisible();
  await expect(blacklist).not.toBeChecked();
  const site = await api<{ is_in_blacklist: boolean }>(page, 'GET', `/v1/buyer/sites/${siteId}`);
  expect(site.is_in_blacklist).toBe(false);
});

test('on a phone a toast shows at the bottom, clear of the header, and is used from the keyboard', async ({
  page,
}, testInfo) => {
  const phone = SCREEN_SIZES.find((size) => size.name === 'phone')!;
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const hostname = await catalogue.firstHostname();
  const link = page.getByRole('link', { name: `${hostname} (opens in a new tab)` });
  await page.getByRole('checkbox', { name: `Blacklist ${hostname}`, exact: true }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Added to blacklist' });
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).hover();
  await checkScreen(page, testInfo, phone, 'catalogue-undo-toast', { exclude: ['tbody'] });

  // At the bottom edge; the header's cart and menu buttons stay uncovered and usable.
  const header = (await page.getByRole('banner').boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThan(header.y + header.height);
  expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
  expect(phone.height - (box.y + box.height)).toBeLessThanOrEqual(24);
  for (const control of [
    page.getByRole('link', { name: /^Cart/ }),
    page.getByRole('button', { name: 'Open main menu' }),
  ]) {
    const target = (await control.boundingBox())!;
    const isOnTop = await control.evaluate(
      (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
      { x: target.x + target.width / 2, y: target.y + target.height / 2 },
    );
    expect(isOnTop, 'header control not covered by the toast').toBe(true);
  }

  // F8 moves focus to the notifications, from where Tab reaches the toast's Undo.
  await page.keyboard.press('F8');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(link).toBeVisible();
  await expect(toast).toHaveCount(0);
});
