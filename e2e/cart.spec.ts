import { waitForServiceWorker } from './fixtures/network.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CartPanel } from './pages/cart-panel.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { CheckoutPage } from './pages/checkout-page.ts';
import { LoginPage } from './pages/login-page.ts';

const euro = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});

/** "€1,234.50" or "free" → 123450. */
function cents(text: string): number {
  if (text === 'free') return 0;
  const match = /€([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`Not an amount: ${text}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

const money = (value: number) => euro.format(value / 100);

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

async function api(page: Page, method: 'GET' | 'DELETE', path: string) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return response.status() === 204 ? null : ((await response.json()) as unknown);
}

async function creditsAvailable(page: Page): Promise<number> {
  const body = (await api(page, 'GET', '/v1/buyer/orders/payment-methods')) as {
    data: { id: string; available_amount: string | null }[];
  };
  const credits = body.data.find((method) => method.id === 'credits');
  const [units, hundredths] = (credits?.available_amount ?? '0.00').split('.');
  return Number(units) * 100 + Number(hundredths);
}

/** Signs in with an empty cart and the cheapest sites first. */
async function startShopping(page: Page): Promise<CataloguePage> {
  await signIn(page);
  await api(page, 'DELETE', '/v1/buyer/shopping-carts');
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await catalogue.sortBy('Price', 'Sort ascending');
  await expect.poll(() => new URL(page.url()).searchParams.get('sorting[price]')).toBe('ASC');
  await catalogue.waitForRows();
  // The previous order stays on screen while the sorted page loads.
  await page.waitForLoadState('networkidle');
  await expect(catalogue.table()).not.toHaveAttribute('aria-busy', 'true');
  return catalogue;
}

test('a buyer adds two written articles, completes the rows and pays with credits', async ({
  page,
}) => {
  const catalogue = await startShopping(page);
  const hostname = await catalogue.firstHostname();

  const panel = await CartPanel.open(page, hostname);
  await expect(panel.plan('I will provide the article and image')).toBeChecked();
  await expect(panel.topic('I will write my topic')).toBeDisabled();
  await panel.plan('Standard').click();
  await panel.topic('Please provide me a topic').click();
  await expect(panel.dialog().locator('p', { hasText: 'Up to 500 words' })).toBeVisible();
  await panel.dialog().getByRole('button', { name: 'More articles' }).click();
  await expect(panel.articles()).toHaveValue('2');
  const linkPrice = cents(await panel.linkTypePrice());
  const lineTotal = (linkPrice + 2500) * 2;
  await expect(panel.addButton()).toHaveText(`Add to cart · ${money(lineTotal)}`);

  await panel.addAndGoButton().click();
  await expect(page).toHaveURL(/\/checkout$/);
  const checkout = new CheckoutPage(page);
  await expect(checkout.rows()).toHaveCount(2);
  await expect(checkout.totalWithVat()).toHaveText(money(lineTotal));
  await expect(page.getByText('No VAT: service supplied outside the EU (0%)')).toBeVisible();

  await checkout.fill('Anchor text', 1, hostname, 'running shoes');
  await checkout.fill('Target URL', 1, hostname, 'shop.example.org/shoes');
  await expect(checkout.field('Target URL', 1, hostname)).toHaveValue(
    'https://shop.example.org/shoes',
  );
  await checkout.fill('Target URL', 2, hostname, 'https://shop.example.org/boots');
  await checkout.paymentMethod('Credits').click();
  await checkout.orderNow().click();

  await expect(
    page.getByText('Please fill in all required fields for each row to proceed to payment.'),
  ).toBeVisible();
  const missingAnchor = checkout.field('Anchor text', 2, hostname);
  await expect(missingAnchor).toHaveAccessibleDescription(
    'This value should not be blank. 0 of 255 characters',
  );
  await expect(checkout.field('Anchor text', 1, hostname)).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );

  await checkout.fill('Anchor text', 2, hostname, 'hiking boots');
  await expect(missingAnchor).not.toHaveAttribute('aria-invalid', 'true');
  await checkout.orderNow().click();

  await expect(checkout.successHeading()).toBeVisible();
  await expect(page.getByText(/^Order number \d+$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to orders' })).toHaveAttribute('href', '/orders');
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
});

test('a double click on Order now places one order', async ({ page }) => {
  const catalogue = await startShopping(page);
  const hostname = await catalogue.firstHostname();
  await expect(CartPanel.buyButton(page, hostname)).not.toHaveAccessibleName(/in cart$/);
  const panel = await CartPanel.open(page, hostname);
  await panel.addButton().click();
  await expect(panel.dialog()).toHaveCount(0);
  await expect(CartPanel.buyButton(page, hostname)).toHaveAccessibleName(/\+1 in cart$/);
  await page.getByRole('link', { name: 'Cart, 1 article' }).click();

  const checkout = new CheckoutPage(page);
  await expect(checkout.rows()).toHaveCount(1);
  await checkout.fill('Anchor text', 1, hostname, 'garden tools');
  await checkout.fill('Target URL', 1, hostname, 'https://shop.example.org/garden');
  await checkout.paymentMethod('Credits').click();
  const total = cents((await checkout.totalWithVat().textContent()) ?? '');
  const before = await creditsAvailable(page);

  let orderRequests = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/buyer/orders')
      orderRequests += 1;
  });
  await checkout.orderNow().dblclick();
  await expect(checkout.successHeading()).toBeVisible();

  expect(orderRequests).toBe(1);
  expect(await creditsAvailable(page)).toBe(before - total);
  await page.goto('/checkout');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('a line added offline reaches the cart once the connection returns, once', async ({
  page,
  context,
}) => {
  const catalogue = await startShopping(page);
  await waitForServiceWorker(page);
  const hostname = await catalogue.firstHostname();
  const panel = await CartPanel.open(page, hostname);
  await expect(panel.addButton()).toBeEnabled();

  await context.setOffline(true);
  await panel.addButton().click();
  await expect(page.getByText('Waiting to sync').first()).toBeVisible();
  await expect(panel.dialog()).toHaveCount(0);

  // The cart link is followed inside the app; the page stays loaded while offline.
  await page.getByRole('link', { name: /^Cart,/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const drafts = page.getByRole('region', { name: 'Added on this device' });
  await expect(drafts.getByText(hostname)).toBeVisible();
  await expect(drafts.getByText('Waiting to sync')).toBeVisible();
  await expect(
    page.getByText('You are offline. Placing an order needs a connection.'),
  ).toBeVisible();

  await context.setOffline(false);
  const checkout = new CheckoutPage(page);
  await expect(checkout.rows()).toHaveCount(1);
  await expect(drafts).toHaveCount(0);
  await expect(checkout.rows().first()).toContainText(hostname);

  await page.reload();
  await expect(checkout.rows()).toHaveCount(1);
  const sites = (await api(page, 'GET', '/v1/buyer/shopping-carts/sites')) as {
    data: { items_amount: number }[];
  };
  expect(sites.data).toEqual([expect.objectContaining({ items_amount: 1 })]);
});
