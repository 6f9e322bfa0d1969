// The money a buyer can trust (decision 168): the Companies screen explains each billing figure,
// checkout shows the same figures under the same names, and after a bank-transfer order the
// success page says where to pay, how much and what to quote. At a laptop's and a phone's width.
import { checkScreen, type ScreenSize } from './a11y-check.ts';
import { api, cartOfOneArticle } from './fixtures/api.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CheckoutPage } from './pages/checkout-page.ts';
import { LoginPage } from './pages/login-page.ts';

const SIZES: readonly ScreenSize[] = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('link', { name: /^Cart,/ })).toBeVisible();
}

/** The figure's value in the Billing section: the description after its name. */
function figure(page: Page, name: string) {
  return page
    .getByRole('region', { name: 'Billing' })
    .getByRole('term')
    .filter({ hasText: name })
    .locator('xpath=following-sibling::dd[1]');
}

for (const size of SIZES) {
  test(`billing figures and the bank transfer to make, ${size.name}`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page);

    await page.goto('/companies');
    const account = page
      .getByRole('list', { name: 'Company accounts' })
      .getByRole('listitem')
      .filter({ hasText: 'Northwind Outdoor Ltd' });
    await expect(account).toContainText(/Credit balance €[\d,.]+ · Pay-by-bill limit €5,000\.00/);
    // By keyboard: the account's Details button opens billing and company details.
    const details = account.getByRole('button', { name: 'Details' });
    await details.focus();
    await page.keyboard.press('Enter');
    const billing = page.getByRole('region', { name: 'Billing' });
    await expect(billing.getByText('Available to pay by bill')).toBeVisible();
    await expect(figure(page, 'Pay-by-bill limit')).toHaveText('€5,000.00');
    const available = (await figure(page, 'Available to pay by bill').textContent())!;
    const balance = (await figure(page, 'Credit balance').textContent())!;
    await checkScreen(page, testInfo, size, 'companies-billing');

    // Checkout names the same figures, with the same amounts.
    await cartOfOneArticle(page, {
      article_topic: 'i_will_write_my_topic',
      is_topic_needs_approval: false,
      anchor_text: 'outdoor gear',
      target_url: 'https://northwind-outdoor.com/',
    });
    await page.goto('/checkout');
    const checkout = new CheckoutPage(page);
    await expect(checkout.rows()).toHaveCount(1);
    await expect(checkout.paymentMethod('Pay by bill')).toHaveAccessibleDescription(
      `Available to pay by bill: ${available}`,
    );
    await expect(checkout.paymentMethod('Credits')).toHaveAccessibleDescription(
      new RegExp(`^Credit balance: ${balance.replace(/[.$]/g, '\\$&')}`),
    );

    await checkout.paymentMethod('Bank transfer').click();
    await checkout.orderNow().click();
    await expect(checkout.successHeading()).toBeVisible();
    const transfer = page.getByRole('region', { name: 'Pay by bank transfer' });
    await expect(transfer).toContainText('Linkmarket GmbH');
    await expect(transfer).toContainText('DE89 3704 0044 0532 0130 00');
    await expect(transfer).toContainText('COBADEFFXXX');
    const orders = await api<{ data: { invoice: { number: string } | null }[] }>(
      page,
      'GET',
      '/v1/buyer/orders?sorting[created_at]=DESC',
    );
    await expect(transfer).toContainText(orders.data[0]!.invoice!.number);
    await checkScreen(page, testInfo, size, 'checkout-success-bank-transfer');
  });
}
