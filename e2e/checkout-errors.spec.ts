import { cartOfOneArticle } from './fixtures/api.ts';
import { expect, type Locator, type Page, test } from './fixtures/test.ts';
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

/**
 * The field is wholly on the screen and nothing lies over it (the banner, a pinned column, the
 * header row): what the browser finds at its corners and middle is the field itself.
 */
async function expectUncovered(field: Locator) {
  await expect(field).toBeInViewport({ ratio: 1 });
  const covered = await field.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const points = [
      [r.left + 6, r.top + 6],
      [r.right - 6, r.top + 6],
      [r.left + 6, r.bottom - 6],
      [r.right - 6, r.bottom - 6],
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
    ] as const;
    return points
      .map(([x, y]) => ({ x, y, hit: document.elementFromPoint(x, y) }))
      .filter(({ hit }) => !hit || !(hit === element || element.contains(hit)))
      .map(({ x, y, hit }) => `${Math.round(x)},${Math.round(y)}: ${hit?.outerHTML.slice(0, 80)}`);
  });
  expect(covered).toEqual([]);
}

/** Scrolls the cart's own scroll box to its left or right end. */
async function scrollCart(checkout: CheckoutPage, end: 'start' | 'end') {
  await checkout.table().evaluate((table, to) => {
    const box = table.closest<HTMLElement>('[role="region"]')!;
    box.scrollLeft = to === 'start' ? 0 : box.scrollWidth;
  }, end);
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

    test('every line shows its site, fields, price and actions, and a long anchor text is counted and refused, never cut', async ({
      page,
    }) => {
      await signInWithEmptyCart(page);
      await cartOfOneArticle(page, {
        article_topic: 'i_will_write_my_topic',
        anchor_text: null,
        target_url: null,
        comments: null,
      });
      await page.goto('/checkout');
      const checkout = new CheckoutPage(page);
      await expect(checkout.rows()).toHaveCount(1);
      const row = checkout.rows().first();
      const site = row.getByRole('rowheader');
      const hostname = ((await site.locator('span').first().textContent()) ?? '').trim();
      const anchor = checkout.field('Anchor text', 1, hostname);
      const comments = checkout.field('Comments', 1, hostname);
      const clone = row.getByRole('button', { name: `Clone row 1, ${hostname}` });
      const remove = row.getByRole('button', { name: `Delete row 1, ${hostname}` });
      const price = row.getByText(/^€[\d,]+\.\d{2}$/).first();

      // The anchor text's counter is beside the field and follows what is typed.
      const counter = row.getByTestId('character-counter').first();
      await expect(counter).toHaveText('0 / 2550 of 255 characters');
      await expect(counter).toBeVisible();
      await anchor.fill('running shoes');
      await expect(counter).toContainText('13 / 255');
      await expect(anchor).toHaveAccessibleDescription('13 of 255 characters');
      const [fieldBox, counterBox] = [await anchor.boundingBox(), await counter.boundingBox()];
      expect(counterBox!.y - (fieldBox!.y + fieldBox!.height)).toBeLessThan(12);

      if (size.width < 768) {
        // A card: the site is its heading, then every field with its label, the price and the
        // actions, all within the screen's width.
        await expect(row.locator('label', { hasText: 'Target URL' })).toBeVisible();
        await expect(row.locator('label', { hasText: 'Comments' })).toBeVisible();
        const card = await row.evaluate((tr) => {
          const parts = [...tr.querySelectorAll<HTMLElement>('th, td, input, select, button')];
          const top = Math.min(...parts.map((part) => part.getBoundingClientRect().top));
          return {
            sideways: tr.scrollWidth - tr.clientWidth,
            box: tr.closest('[role="region"]')!.scrollWidth - tr.clientWidth,
            outside: parts
              .filter((part) => {
                const r = part.getBoundingClientRect();
                return r.width > 0 && (r.left < 0 || r.right > window.innerWidth);
              })
              .map((part) => part.outerHTML.slice(0, 60)),
            headingFirst: tr.querySelector('th')!.getBoundingClientRect().top === top,
          };
        });
        expect(card.sideways).toBeLessThanOrEqual(0);
        expect(card.outside).toEqual([]);
        expect(card.headingFirst).toBe(true);
        for (const part of [site, anchor, comments, price, clone, remove]) {
          await part.scrollIntoViewIfNeeded();
          await expectUncovered(part);
        }
      } else {
        // Wider than its box: the site stays at the left edge, the price and actions at the right,
        // on solid ground, and what lies under them at one end is in view at the other.
        const box = await checkout.table().evaluate((table) => {
          // The cart's own scroll box, a region named like its table.
          const scroller = table.closest('[role="region"]')!;
          return scroller.scrollWidth - scroller.clientWidth;
        });
        expect(box).toBeGreaterThan(0);
        await row.scrollIntoViewIfNeeded();
        for (const end of ['start', 'end'] as const) {
          await scrollCart(checkout, end);
          for (const part of [site, price, clone, remove]) await expectUncovered(part);
          await expectUncovered(end === 'start' ? anchor : comments);
        }
        const cells = await row.evaluate((tr) =>
          [...tr.children].map((cell) => {
            const style = getComputedStyle(cell);
            return {
              bottom: Math.round(cell.getBoundingClientRect().bottom),
              border: style.borderBottomWidth,
              position: style.position,
              background: style.backgroundColor,
            };
          }),
        );
        // Every cell of the row ends, and draws its border, at the same line.
        expect(new Set(cells.map((cell) => `${cell.bottom} ${cell.border}`)).size).toBe(1);
        const pinned = cells.filter((cell) => cell.position === 'sticky');
        expect(pinned).toHaveLength(3);
        for (const cell of pinned) expect(cell.background).not.toBe('rgba(0, 0, 0, 0)');
      }

      // Too long: kept whole, red, and not saved.
      const tooLong = 'a'.repeat(256);
      await anchor.fill(tooLong);
      await expect(anchor).toHaveValue(tooLong);
      await expect(anchor).toHaveAttribute('aria-invalid', 'true');
      await expect(
        row.getByText('Anchor text must be at most 255 characters; this one has 256.'),
      ).toBeVisible();
      await expect(counter).toContainText('256 / 255');
      await anchor.blur();
      await comments.fill('c'.repeat(2001));
      await comments.blur();
      await expect(comments).toHaveAttribute('aria-invalid', 'true');
      await expect(row.getByTestId('character-counter').last()).toContainText('2001 / 2000');

      // Order now lists them; each link brings its field into view, clear of what is pinned.
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkout.orderNow().click();
      const problems = summary(page);
      await expect(problems).toBeFocused();
      await expect(problems).toHaveAccessibleName('3 problems prevent the order');
      await expect(problems.getByRole('link').first()).toBeInViewport();
      const links = {
        anchor: problems.getByRole('link', {
          name: /Anchor text: Anchor text must be at most 255/,
        }),
        comments: problems.getByRole('link', { name: /Comments: Comments must be at most 2000/ }),
      };
      for (const [name, field, from] of [
        ['comments', comments, 'start'],
        ['anchor', anchor, 'end'],
      ] as const) {
        if (size.width >= 768) await scrollCart(checkout, from);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(links[name]).toBeInViewport();
        await links[name].click();
        await expect(field).toBeFocused();
        await expectUncovered(field);
      }

      // At the limit it is saved whole.
      const longest = 'b'.repeat(255);
      await checkout.fill('Anchor text', 1, hostname, longest);
      await expect(anchor).not.toHaveAttribute('aria-invalid', 'true');
      await expect(problems).toHaveAccessibleName('2 problems prevent the order');
      const token = await page.evaluate(() => localStorage.getItem('access_token'));
      const cart = await page.request.get('/api/v1/buyer/shopping-carts/items', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const saved = ((await cart.json()) as { data: { anchor_text: string | null }[] }).data;
      expect(saved[0]?.anchor_text).toBe(longest);
      await noSidewaysPageScroll(page);
    });
  });
}
