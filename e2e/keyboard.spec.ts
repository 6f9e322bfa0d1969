import { expect, type Locator, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CartPanel } from './pages/cart-panel.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { CheckoutPage } from './pages/checkout-page.ts';

// A laptop, and nothing but the keyboard: no clicks, no fills, no focus() from the test.
test.use({ viewport: { width: 1280, height: 800 } });

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until `target` has focus; returns how many presses it took. */
async function tabTo(page: Page, target: Locator, limit: number, shift = false): Promise<number> {
  await expect(target).toBeVisible();
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return presses;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Not reached within ${limit} presses; focus is on ${focused}`);
}

async function signIn(page: Page) {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await tabTo(page, email, 5);
  await page.keyboard.type(BUYER.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(BUYER.password);
  await page.keyboard.press('Enter');
}

/** Test set-up, not part of the journey: an empty cart. */
async function emptyCart(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.delete('/api/v1/buyer/shopping-carts', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
}

test('a buyer signs in, buys an article and places the order with the keyboard alone', async ({
  page,
}) => {
  await signIn(page);

  // After signing in the buyer starts on the page's heading.
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await emptyCart(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await expect(heading).toBeFocused();

  // The table's header row is one stop: Filters → header → first row's controls → Buy.
  const filters = page.getByRole('button', { name: /^Filters(, \d+ active)?$/ });
  expect(await tabTo(page, filters, 10)).toBeLessThanOrEqual(10);
  const selectAll = page.getByRole('checkbox', { name: 'Select all rows' });
  // Past the toolbar and the remove buttons of the active filters' chips.
  await tabTo(page, selectAll, 8);
  await page.keyboard.press('ArrowRight');
  await expect(
    page
      .getByRole('columnheader', { name: /Domain/ })
      .getByRole('button')
      .first(),
  ).toBeFocused();
  await page.keyboard.press('Home');
  await expect(selectAll).toBeFocused();
  const firstBuy = catalogue
    .rows()
    .first()
    .getByRole('button', { name: /^Buy an article on / });
  const fromHeader = await tabTo(page, firstBuy, 10);
  // Select, favourite, blacklist, the company's favourite and blacklist (the demo buyer
  // owns a company), domain link, details, Buy.
  expect(fromHeader).toBeLessThanOrEqual(8);
  const hostname = await catalogue.firstHostname();

  // The cart panel opens on its first choice; Escape returns to the Buy button.
  await page.keyboard.press('Enter');
  const panel = new CartPanel(page, hostname);
  await expect(panel.dialog()).toBeVisible();
  await expect(panel.plan('I will provide the article and image')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel.dialog()).toHaveCount(0);
  await expect(firstBuy).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(panel.plan('I will provide the article and image')).toBeFocused();
  await tabTo(page, panel.addAndGoButton(), 20);
  await page.keyboard.press('Enter');

  // Checkout: focus on its heading, then the row's fields, the payment method and Order now.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
  const checkout = new CheckoutPage(page);
  await expect(checkout.rows()).toHaveCount(1);
  await tabTo(page, checkout.field('Anchor text', 1, hostname), 30);
  await page.keyboard.type('running shoes');
  await tabTo(page, checkout.field('Target URL', 1, hostname), 5);
  await page.keyboard.type('https://shop.example.org/shoes');
  await page.keyboard.press('Tab');
  await expect(page.getByText('Saving…')).toHaveCount(0);

  const payment = page.getByRole('radiogroup', { name: /Payment method/ });
  await tabTo(page, payment.locator('[role="radio"][tabindex="0"]'), 30);
  // Bank transfer leaves the demo buyer's credits to the stories that need them paid.
  const transfer = checkout.paymentMethod('Bank transfer');
  for (let presses = 0; presses < 4 && !(await isFocused(transfer)); presses += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(transfer).toBeFocused();
  await expect(transfer).toBeChecked();
  // The focused option shows the focus ring.
  await expect(transfer).toHaveCSS('outline-style', 'solid');
  await tabTo(page, checkout.orderNow(), 15);
  await page.keyboard.press('Enter');

  // The success page starts on its heading.
  await expect(checkout.successHeading()).toBeFocused();
});

test('the filters sheet opens on its first field and applies from the keyboard', async ({
  page,
}) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const filters = page.getByRole('button', { name: /^Filters(, \d+ active)?$/ });
  await tabTo(page, filters, 10);
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  const drMin = sheet.getByLabel('DR min');
  await expect(drMin).toBeFocused();

  // Apply is two Shift+Tabs away: the close button, then round to the footer's last button.
  await tabTo(page, sheet.getByRole('button', { name: 'Apply filters' }), 2, true);

  // Enter in a field applies too; closing returns focus to the Filters button.
  await tabTo(page, drMin, 3);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('30');
  await page.keyboard.press('Enter');
  await expect(sheet).toHaveCount(0);
  await expect
    .poll(() => new URL(page.url()).searchParams.get('filter[ahrefs_domain_rating][min]'))
    .toBe('30');
  await expect(filters).toBeFocused();
});

test('the catalogue header says how to move along it while the keyboard is on it', async ({
  page,
}) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const hint = page.locator('.header-keys-hint').first();
  const menuPart = hint.locator('.header-keys-hint-menu');
  await expect(hint).toBeHidden();

  // The header row is one tab stop: the select-all box, then the arrows go along the headers.
  await tabTo(page, page.getByRole('checkbox', { name: 'Select all rows' }), 40);
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('← → move between columns');
  await expect(menuPart).toBeHidden();
  // A sortable header has a column menu, which the note then names.
  for (let presses = 0; presses < 6 && !(await menuPart.isVisible()); presses += 1) {
    await page.keyboard.press('ArrowRight');
  }
  await expect(menuPart).toBeVisible();
  await expect(menuPart).toHaveText("· ↓ opens the column's menu");

  await page.keyboard.press('Tab');
  await expect(hint).toBeHidden();
});
