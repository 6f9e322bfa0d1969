import { expect, test, type Page } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CartPanel } from './pages/cart-panel.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { CheckoutPage } from './pages/checkout-page.ts';
import { LoginPage } from './pages/login-page.ts';

const SIZES = [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
] as const;

async function signInWithEmptyCart(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  // On a phone the main navigation sits behind a menu button; the banner's cart link is on both.
  await expect(page.getByRole('link', { name: /^Cart,/ })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await page.request.delete('/api/v1/buyer/shopping-carts', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
}

/** Puts one article (article provided by the buyer, own topic) into the cart and goes to checkout. */
async function addOneArticle(page: Page, catalogue: CataloguePage): Promise<string> {
  const hostname = await catalogue.firstHostname();
  const panel = await CartPanel.open(page, hostname);
  await panel.addAndGoButton().click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(new CheckoutPage(page).rows()).toHaveCount(1);
  return hostname;
}

const summary = (page: Page) => page.getByRole('region', { name: /prevents? the order$/ });

async function noSidewaysPageScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of SIZES) {
  test.describe(`on ${size.name} (${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a failed Order now focuses the error summary, and its links bring each field into view', async ({
      page,
    }) => {
      await signInWithEmptyCart(page);
      const catalogue = new CataloguePage(page);
      await catalogue.waitForRows();
      const hostname = await addOneArticle(page, catalogue);
      const checkout = new CheckoutPage(page);

      await checkout.orderNow().click();
      const problems = summary(page);
      await expect(problems).toBeFocused();
      await expect(problems).toHaveAccessibleName('2 problems prevent the order');
      await expect(problems).toContainText(
        'Please fill in all required fields for each row to proceed to payment.',
      );
      await expect(problems).toBeInViewport();

      // The table scrolls sideways inside its own box; the link brings the field to the middle.
      const url = checkout.field('Target URL', 1, hostname);
      await problems
        .getByRole('link', { name: /Target URL: This value should not be blank\.$/ })
        .click();
      await expect(url).toBeFocused();
      await expect(url).toBeInViewport({ ratio: 1 });
      await url.fill('shop.example.org/shoes');
      await expect(url).not.toHaveAttribute('aria-invalid', 'true');
      await expect(problems).toHaveAccessibleName('1 problem prevents the order');

      const anchor = checkout.field('Anchor text', 1, hostname);
      await problems
        .getByRole('link', { name: /Anchor text: This value should not be blank\.$/ })
        .click();
      await expect(anchor).toBeFocused();
      await expect(anchor).toBeInViewport({ ratio: 1 });
      await anchor.fill('running shoes');
      await expect(problems).toHaveCount(0);
      await expect(
        page.getByText('Please fill in all required fields for each row to proceed to payment.'),
      ).toHaveCount(0);
      await noSidewaysPageScroll(page);
    });

    test('a buyer filters the catalogue, adds an article from the cart panel, and the success page survives a reload', async ({
      page,
    }) => {
      await signInWithEmptyCart(page);
      const catalogue = new CataloguePage(page);
      await catalogue.waitForRows();
      await catalogue.openFilters();
      await page.getByRole('spinbutton', { name: 'DR min' }).fill('30');
      await catalogue.applyFilters();
      await expect
        .poll(() => new URL(page.url()).searchParams.get('filter[ahrefs_domain_rating][min]'))
        .toBe('30');
      await catalogue.waitForRows();
      await page.waitForLoadState('networkidle');
      await noSidewaysPageScroll(page);

      const hostname = await addOneArticle(page, catalogue);
      const checkout = new CheckoutPage(page);
      await checkout.fill('Anchor text', 1, hostname, 'running shoes');
      await checkout.fill('Target URL', 1, hostname, 'shop.example.org/shoes');
      const due = page.getByLabel(`Publishing due date (DD/MM/YYYY), row 1, ${hostname}`, {
        exact: true,
      });
      await expect(due).toHaveAttribute('placeholder', 'DD/MM/YYYY');
      // A date ahead of today, typed as a phone's number pad types it.
      const nextYear = new Date().getFullYear() + 1;
      await checkout.fill('Publishing due date (DD/MM/YYYY)', 1, hostname, `2411${nextYear}`);
      await expect(due).toHaveValue(`24/11/${nextYear}`);
      await noSidewaysPageScroll(page);
      // Bank transfer leaves the demo buyer's credits to the stories that need them paid.
      await checkout.paymentMethod('Bank transfer').click();
      await checkout.orderNow().click();

      await expect(checkout.successHeading()).toBeVisible();
      await expect(page).toHaveURL(/\/checkout\?placed=/);
      const number = ((await page.getByText(/^Order number \d+$/).textContent()) ?? '').replace(
        'Order number ',
        '',
      );
      await noSidewaysPageScroll(page);

      await page.reload();
      await expect(checkout.successHeading()).toBeVisible();
      await expect(page.getByText(`Order number ${number}`)).toBeVisible();
      await page.getByRole('link', { name: `View order ${number}` }).click();
      await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
    });
  });
}
