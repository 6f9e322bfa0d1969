import AxeBuilder from '@axe-core/playwright';

import { A11Y_TAGS } from './a11y-check.ts';
import { waitForServiceWorker } from './fixtures/network.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { LoginPage } from './pages/login-page.ts';

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

test('a buyer filters by a DR range and a country, sorts by price and pages through the results', async ({
  page,
}) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  expect(query(page).get('filter[ahrefs_domain_rating][min]')).toBe('20');
  expect(query(page).get('sorting[ahrefs_domain_rating]')).toBe('DESC');

  await catalogue.openFilters();
  await page.getByRole('spinbutton', { name: 'DR min' }).fill('10');
  await page.getByRole('spinbutton', { name: 'DR max' }).fill('5');
  // Said for a buyer, beside the range, not in the words of the API's schema.
  await expect(page.getByRole('spinbutton', { name: 'DR max' })).toHaveAccessibleDescription(
    'The minimum must not be above the maximum.',
  );
  await expect(page.getByText(/less than or equal/)).toHaveCount(0);
  await page.getByRole('spinbutton', { name: 'DR max' }).fill('90');
  // A decimal typed key by key keeps its point ("1." is not written back as "1").
  await page.getByRole('spinbutton', { name: 'TF/CF ratio max' }).pressSequentially('9.75');
  await expect(page.getByRole('spinbutton', { name: 'TF/CF ratio max' })).toHaveValue('9.75');
  await page.locator('summary', { hasText: 'Countries' }).click();
  await page.getByRole('checkbox', { name: 'Germany' }).check();
  await catalogue.applyFilters();

  await expect.poll(() => query(page).get('filter[ahrefs_domain_rating][max]')).toBe('90');
  expect(query(page).get('filter[tf_cf][max]')).toBe('9.75');
  expect(query(page).getAll('filter[main_countries][]')).toHaveLength(1);
  await catalogue.waitForRows();

  await catalogue.sortBy('Price', 'Sort ascending');
  await expect.poll(() => query(page).get('sorting[price]')).toBe('ASC');
  await catalogue.waitForRows();

  await page.getByLabel('Rows per page').selectOption('50');
  await expect.poll(() => query(page).get('limit')).toBe('50');
  await expect(page.getByText(/^Page 1 of [\d,]+$/)).toBeVisible();
});

test('a buyer pages forward, hides a column and restores it', async ({ page }) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await expect(catalogue.summary()).toHaveText(/^Showing 1 to 25 of/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(catalogue.summary()).toHaveText(/^Showing 26 to 50 of/);
  expect(query(page).get('page')).toBe('2');

  // Less used columns start hidden (decision 066); the link type is shown.
  await expect(page.getByRole('columnheader', { name: /IP address/i })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: /Link type/i })).toBeVisible();
  await page.getByRole('button', { name: /Column options for Link type/i }).click();
  await page.getByRole('menuitem', { name: 'Hide column' }).click();
  await expect(page.getByRole('columnheader', { name: /Link type/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Columns (12 hidden)' })).toBeVisible();

  await page.reload();
  await catalogue.waitForRows();
  await expect(page.getByRole('columnheader', { name: /Link type/i })).toHaveCount(0);

  await page.getByRole('button', { name: 'Columns (12 hidden)' }).click();
  await page.getByRole('button', { name: 'Show all columns' }).click();
  await expect(page.getByRole('columnheader', { name: /Link type/i })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /IP address/i })).toBeVisible();
});

test('a link to a page past the end opens the last page, and Back does not return to the empty one', async ({
  page,
}) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await page.goto('/?page=99999');
  await expect(page.getByText(/^Page ([\d,]+) of \1$/)).toBeVisible();
  await catalogue.waitForRows();
  const last = Number(query(page).get('page'));
  expect(last).toBeGreaterThan(1);
  expect(last).toBeLessThan(99999);
  await expect(catalogue.summary()).toHaveText(/^Showing [\d,]+ to ([\d,]+) of \1 entries$/);

  await page.goBack();
  await catalogue.waitForRows();
  expect(query(page).get('page')).toBeNull();
  await expect(catalogue.summary()).toHaveText(/^Showing 1 to 25 of/);
});

test('a buyer favourites and blacklists a site', async ({ page }) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const hostname = await catalogue.firstHostname();

  const favourite = page.getByRole('button', { name: `Favorite ${hostname}`, exact: true });
  await favourite.click();
  await expect(page.getByText('Added to favorite domains filter')).toBeVisible();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');

  // A blacklisted site leaves the default list once it reloads, so the message is what stays.
  await page.getByRole('checkbox', { name: `Blacklist ${hostname}`, exact: true }).click();
  await expect(page.getByText('Added to blacklist')).toBeVisible();
  await expect(page.getByRole('link', { name: `${hostname} (opens in a new tab)` })).toHaveCount(0);
});

test('a buyer saves a filter and applies it again after a reload', async ({ page }) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await catalogue.openFilters();
  await page.getByRole('spinbutton', { name: 'DR min' }).fill('40');
  await catalogue.applyFilters();
  await expect.poll(() => query(page).get('filter[ahrefs_domain_rating][min]')).toBe('40');

  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('textbox', { name: 'Filter name' }).fill('Strong sites');
  await page.getByRole('button', { name: 'Save filter' }).click();
  await expect(page.getByRole('button', { name: 'Apply filter Strong sites' })).toBeVisible();

  await page.goto('/');
  await catalogue.waitForRows();
  expect(query(page).get('filter[ahrefs_domain_rating][min]')).toBe('20');
  await page.getByRole('button', { name: 'Saved filters' }).click();
  await page.getByRole('button', { name: 'Apply filter Strong sites' }).click();
  await expect.poll(() => query(page).get('filter[ahrefs_domain_rating][min]')).toBe('40');
});

test("a buyer opens a site's detail", async ({ page }) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const hostname = await catalogue.firstHostname();
  await page.getByRole('link', { name: `Details about ${hostname}` }).click();
  await expect(page.getByRole('heading', { name: `Details about ${hostname}` })).toBeVisible();
  await expect(page.getByText('Data is updated 1-2 times a month.')).toBeVisible();
});

test('a buyer exports the filtered list and gets a CSV', async ({ page }) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sites.csv');
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(path, 'utf8');
  // A byte order mark for spreadsheets, and the columns named as the table names them.
  expect(text.startsWith('\uFEFF')).toBe(true);
  const header = text.slice(1).split('\n')[0]!.split(',');
  expect(header).toEqual(expect.arrayContaining(['Domain', 'DR', 'TF/CF']));
  expect(header).not.toContain('hostname');
  expect(text.split('\n').length).toBeGreaterThan(2);
});

test('a buyer ticks two sites and exports exactly those', async ({ page }) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const boxes = catalogue.rows().getByRole('checkbox', { name: /^Select / });
  const chosen: string[] = [];
  for (const index of [0, 2]) {
    const box = boxes.nth(index);
    chosen.push((await box.getAttribute('aria-label'))!.replace('Select ', ''));
    await box.check();
  }
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export selected (2)' }).click();
  const file = await download;
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = text.slice(1).trimEnd().split('\r\n');
  expect(header!.split(',')[0]).toBe('Domain');
  expect(rows.map((row) => row.split(',')[0]).sort()).toEqual([...chosen].sort());
});

test('offline, the buyer still sees the catalogue pages viewed before', async ({
  page,
  context,
}) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const hostname = await catalogue.firstHostname();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(catalogue.summary()).toHaveText(/^Showing 26 to 50 of/);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText(/Showing data saved on/)).toBeVisible();
  await expect(page.getByRole('link', { name: `${hostname} (opens in a new tab)` })).toBeVisible();

  await page.getByLabel('Rows per page').selectOption('100');
  await expect(page.getByText('Not available offline').first()).toBeVisible();
  await context.setOffline(false);
});

test('on a laptop, once a domain is chosen, the first screen shows eight rows with hostname, DR, traffic, price and Buy', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const domain = page.getByRole('combobox', { name: 'Domain' });
  const firstDomain = await domain.locator('option').nth(1).textContent();
  await domain.selectOption({ label: firstDomain ?? '' });
  await expect.poll(() => query(page).get('filter[buyer_domain]')).toBeTruthy();
  await catalogue.waitForRows();
  await page.evaluate(() => window.scrollTo(0, 0));

  const viewport = { width: 1280, height: 800 };
  const inView = async (locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox();
    expect(box, 'the element is laid out').not.toBeNull();
    if (!box) return;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  };
  for (const header of ['Domain', 'DR', 'Traffic', 'Price']) {
    await inView(catalogue.table().getByRole('columnheader', { name: header }).first());
  }
  await expect(catalogue.rows().nth(7)).toBeVisible();
  for (let row = 0; row < 8; row += 1) {
    await inView(
      catalogue
        .rows()
        .nth(row)
        .getByRole('button', { name: /^Buy an article on / }),
    );
  }
  // Nothing beside the table makes the page itself scroll sideways.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(A11Y_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`);
}

test('the Filters button counts the filters, a chip names each, and they are removed or reset', async ({
  page,
}) => {
  // Two accessibility checks besides the story.
  test.slow();
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const chips = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
  // The default preset narrows the list too, and says so; a reset would change nothing.
  await expect(page.getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
  await expect(chips).toHaveText(['DR: 20 or more', 'Main country traffic: 1,000 or more']);
  await expect(page.getByRole('button', { name: 'Reset filters' })).toHaveCount(0);

  await catalogue.openFilters();
  await page.getByRole('spinbutton', { name: 'DR min' }).fill('10');
  await page.getByRole('spinbutton', { name: 'DR max' }).fill('90');
  await page.locator('summary', { hasText: 'Countries' }).click();
  await page.getByRole('checkbox', { name: 'Germany' }).check();
  await page.getByLabel('Last published').selectOption({ label: '1 year' });
  expect(await axeViolations(page)).toEqual([]);
  await catalogue.applyFilters();

  await expect(page.getByRole('button', { name: 'Filters, 4 active' })).toBeVisible();
  await expect(chips).toHaveText([
    'DR: 10 to 90',
    'Main country traffic: 1,000 or more',
    'Countries: Germany',
    'Last published: 1 year',
  ]);
  await catalogue.waitForRows();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Remove filter: Countries: Germany' }).click();
  await expect.poll(() => query(page).getAll('filter[main_countries][]')).toHaveLength(0);
  await expect(page.getByRole('button', { name: 'Filters, 3 active' })).toBeVisible();
  // Focus stays in the row of chips, on the one that took the removed one's place.
  await expect(
    page.getByRole('button', { name: 'Remove filter: Last published: 1 year' }),
  ).toBeFocused();

  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect.poll(() => query(page).get('filter[ahrefs_domain_rating][max]')).toBeNull();
  expect(query(page).get('filter[ahrefs_domain_rating][min]')).toBe('20');
  expect(query(page).get('filter[last_updated_or]')).toBeNull();
  await expect(page.getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset filters' })).toHaveCount(0);
});

test('when no site matches, the empty list offers to reset the filters', async ({ page }) => {
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  await page.goto(
    '/?filter[ahrefs_domain_rating][min]=100&filter[majestic_trust_flow][min]=100&filter[ahrefs_url_rating][min]=100&limit=25',
  );
  await expect(
    page.getByText('No sites match these filters. Try widening or resetting them.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters, 3 active' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Catalogue' });
  // The chips' reset and the empty list's own.
  await expect(card.getByRole('button', { name: 'Reset filters' })).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Reset filters' }).last().click();
  await catalogue.waitForRows();
  expect(query(page).get('filter[ahrefs_domain_rating][min]')).toBe('20');
  expect(query(page).get('filter[price][max]')).toBeNull();
});

test('on a laptop the pinned price column is laid over the columns it covers, which read whole at the end', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const table = catalogue.table();
  const hint = page.getByTestId('table-scroll-hint');
  const edgeOf = (name: string) =>
    table.getByRole('columnheader', { name }).evaluate((cell) => {
      const after = getComputedStyle(cell, '::after');
      const background = getComputedStyle(cell).backgroundColor;
      return {
        shadow: after.content !== 'none' && after.backgroundImage.includes('gradient'),
        solid: !/transparent|rgba|\//.test(background),
      };
    });

  // At the start more columns lie under the pinned price: a shadow and a line say so.
  await expect(hint).toHaveText('More columns to the right: scroll the table sideways →');
  expect(await edgeOf('Price')).toEqual({ shadow: true, solid: true });
  const priceCell = catalogue.rows().first().locator('td').nth(-2);
  expect(
    await priceCell.evaluate((cell) => {
      const after = getComputedStyle(cell, '::after');
      return (
        after.content !== 'none' &&
        /transparent|rgba|\//.test(getComputedStyle(cell).backgroundColor) === false
      );
    }),
  ).toBe(true);

  // Every cell of a row ends on the same whole pixel, pinned or not.
  const rows = await catalogue.rows().evaluateAll((trs) =>
    trs.slice(0, 8).map((tr) => {
      const bottoms = [...tr.children].map((td) => td.getBoundingClientRect().bottom);
      return { height: tr.getBoundingClientRect().height, bottoms: [...new Set(bottoms)].length };
    }),
  );
  for (const row of rows) {
    expect(Number.isInteger(row.height), `row height ${row.height}`).toBe(true);
    expect(row.bottoms).toBe(1);
  }

  // Scrolled to the end nothing lies under the pinned columns: the column before them reads
  // whole, and the shadow is gone.
  await table.evaluate((element) => {
    const box = element.parentElement!;
    box.scrollLeft = box.scrollWidth;
  });
  await expect(hint).toHaveText('← More columns to the left: scroll the table sideways');
  expect(await edgeOf('Price')).toEqual({ shadow: false, solid: true });
  const edges = await table
    .locator('thead th')
    .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect()));
  const price = edges.at(-2)!;
  const beforePrice = edges.at(-3)!;
  expect(beforePrice.right).toBeLessThanOrEqual(price.left + 0.5);
});
