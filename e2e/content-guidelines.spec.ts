import { waitForServiceWorker } from './fixtures/network.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CartPanel } from './pages/cart-panel.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { CheckoutPage } from './pages/checkout-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { OrderPage } from './pages/order-page.ts';

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

async function openGuidelines(page: Page) {
  await page.goto('/content-guidelines');
  await expect(page.getByRole('heading', { name: 'Content guidelines', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save guidelines' })).toBeVisible();
}

async function addChip(page: Page, list: string, text: string) {
  const input = page.getByRole('textbox', { name: list, exact: true });
  await input.fill(text);
  await input.press('Enter');
}

/** Reads a toast and closes it, so it covers nothing at the bottom of the page. */
async function seeToast(page: Page, title: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
}

const chips = (page: Page, list: string) =>
  page.getByRole('list', { name: list, exact: true }).getByRole('listitem');

test('a buyer fills in content guidelines, finds them after a reload, and sees them on the item of a new order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.getByRole('link', { name: 'Content guidelines' }).first().click();
  await openGuidelines(page);

  await addChip(page, 'Preferred topics', 'Hiking gear');
  await addChip(page, 'Preferred topics', 'Travel in Norway');
  await addChip(page, 'Topics to avoid', 'Gambling');
  await page.getByRole('textbox', { name: 'Topic comment' }).fill('Practical, first-hand tips.');
  await page.getByRole('radio', { name: /Aggressive/ }).click();
  await page
    .getByRole('combobox', { name: 'Placement of target URL 1' })
    .selectOption('introduction');
  await page
    .getByRole('combobox', { name: 'Placement of target URL 2' })
    .selectOption('conclusion');
  await page
    .getByRole('radiogroup', { name: 'Number of trustlinks' })
    .getByRole('radio', { name: '3' })
    .click();
  await addChip(page, 'Preferred trustlink domains', 'https://www.Wikipedia.org/wiki/Hiking');
  await addChip(page, 'Trustlink domains to avoid', 'rival-outdoor.com');
  await page
    .getByRole('radiogroup', { name: 'Number of internal links' })
    .getByRole('radio', { name: '2' })
    .click();
  await page.getByRole('checkbox', { name: 'Translate the anchor text' }).check();
  await page.getByRole('button', { name: 'Save guidelines' }).click();
  await seeToast(page, 'Content guidelines saved');

  // The custom guidelines file: judged by content on the server.
  await page.getByLabel('Upload a file').setInputFiles({
    name: 'house-style.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Write in British English.\nNo passive voice.\n'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Guidelines file uploaded')).toBeVisible();

  await page.reload();
  await openGuidelines(page);
  await expect(chips(page, 'Preferred topics')).toHaveText(['Hiking gear', 'Travel in Norway']);
  await expect(chips(page, 'Topics to avoid')).toHaveText(['Gambling']);
  await expect(chips(page, 'Preferred trustlink domains')).toHaveText(['wikipedia.org']);
  await expect(chips(page, 'Trustlink domains to avoid')).toHaveText(['rival-outdoor.com']);
  await expect(page.getByRole('textbox', { name: 'Topic comment' })).toHaveValue(
    'Practical, first-hand tips.',
  );
  await expect(page.getByRole('radio', { name: /Aggressive/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Placement of target URL 1' })).toHaveValue(
    'introduction',
  );
  await expect(
    page
      .getByRole('radiogroup', { name: 'Number of trustlinks' })
      .getByRole('radio', { name: '3' }),
  ).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Translate the anchor text' })).toBeChecked();
  await expect(page.getByText('house-style.txt')).toBeVisible();

  // An order placed now freezes them into its item.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  await page.request.delete('/api/v1/buyer/shopping-carts', {
    headers: { Authorization: `Bearer ${token}` },
  });
  await page.goto('/');
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await page.waitForLoadState('networkidle');
  const hostname = await catalogue.firstHostname();
  const panel = await CartPanel.open(page, hostname);
  await panel.addButton().click();
  await expect(panel.dialog()).toHaveCount(0);
  await page.getByRole('link', { name: 'Cart, 1 article' }).click();
  const checkout = new CheckoutPage(page);
  await expect(checkout.rows()).toHaveCount(1);
  await checkout.fill('Anchor text', 1, hostname, 'hiking boots');
  await checkout.fill('Target URL', 1, hostname, 'https://shop.example.org/boots');
  await checkout.paymentMethod('Bank transfer').click();
  await checkout.orderNow().click();
  await expect(checkout.successHeading()).toBeVisible();

  // A later edit does not change the item.
  await openGuidelines(page);
  await page.getByRole('button', { name: 'Remove Gambling' }).click();
  await page.getByRole('button', { name: 'Save guidelines' }).click();
  await seeToast(page, 'Content guidelines saved');

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
  await page.getByRole('link', { name: /View/ }).first().click();
  const order = new OrderPage(page);
  await order.waitForItems();
  const itemButton = page.getByRole('button', { name: /^See guidelines of item/ }).first();
  await itemButton.click();
  const dialog = page.getByRole('dialog', { name: /^Content guidelines for item/ });
  await expect(dialog).toBeVisible();
  const value = (label: string) => dialog.locator('dt', { hasText: label }).locator('+ dd');
  await expect(value('Preferred topics')).toHaveText('Hiking gear, Travel in Norway');
  await expect(value('Topics to avoid')).toHaveText('Gambling');
  await expect(value('Target URL implementation')).toHaveText('Aggressive');
  await expect(value('Placement of target URL 2')).toHaveText('Conclusion');
  await expect(value('Number of trustlinks')).toHaveText('3');
  await expect(value('Preferred trustlink domains')).toHaveText('wikipedia.org');
  await expect(value('Translate the anchor text')).toHaveText('Yes');
  await expect(dialog.getByRole('button', { name: 'house-style.txt', exact: true })).toBeVisible();
});

test('guidelines edited offline are kept on the device and saved once back online', async ({
  page,
  context,
}) => {
  await signIn(page);
  await openGuidelines(page);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await addChip(page, 'Preferred topics', 'Written offline');
  await page.getByRole('button', { name: 'Save guidelines' }).click();
  await expect(page.getByText('Waiting to be saved')).toBeVisible();
  await expect(
    page.getByText('Your changes will be saved when you are back online.').first(),
  ).toBeVisible();
  await expect(page.getByLabel(/^(Upload a file|Replace with another file)$/)).toBeDisabled();

  await context.setOffline(false);
  await expect(page.getByText('The changes you made offline are saved.')).toBeVisible();
  await expect(page.getByText('Waiting to be saved')).toHaveCount(0);
  await page.reload();
  await openGuidelines(page);
  await expect(chips(page, 'Preferred topics').filter({ hasText: 'Written offline' })).toHaveCount(
    1,
  );
});
