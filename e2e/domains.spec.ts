import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { CartPanel } from './pages/cart-panel.ts';
import { CataloguePage } from './pages/catalogue-page.ts';
import { LoginPage } from './pages/login-page.ts';

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

/** The first catalogue hostnames, as a buyer would copy them from the list. */
async function catalogueHostnames(page: Page, count: number): Promise<string[]> {
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const links = catalogue.rows().getByRole('link', { name: /opens in a new tab/ });
  const names: string[] = [];
  expect(await links.count()).toBeGreaterThanOrEqual(count);
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    const label = (await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '';
    names.push(label.replace(' (opens in a new tab)', '').trim());
  }
  expect(names.every((name) => name.includes('.'))).toBe(true);
  return names;
}

async function addDomain(page: Page, hostname: string) {
  await page.goto('/domains');
  await page.getByRole('button', { name: 'Add domain' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add domain' });
  await dialog.getByRole('textbox', { name: 'Domain' }).fill(`https://www.${hostname}/`);
  await expect(dialog.getByText(`Will be added as ${hostname}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(
    page.getByRole('row', { name: new RegExp(hostname.replace('.', '\\.')) }),
  ).toBeVisible();
}

async function chooseFile(page: Page, name: string, text: string) {
  await page
    .getByLabel('Choose a CSV file or drop it here')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('a buyer adds a domain, uploads its referring domains and the catalogue marks those sites as already linked', async ({
  page,
}) => {
  await signIn(page);
  const linked = await catalogueHostnames(page, 3);
  const hostname = `e2e-referents-${Date.now()}.com`;
  await addDomain(page, hostname);

  await page.getByRole('button', { name: `Upload referring domains of ${hostname}` }).click();
  await chooseFile(page, 'backlinks.csv', `Referring Domain\r\n${linked.join('\r\n')}\r\n`);
  await expect(page.getByText('Domains found')).toBeVisible();
  await page.getByRole('button', { name: 'Upload referring domains' }).click();
  await expect(page.getByText('Referring domain upload finished')).toBeVisible({
    timeout: 20_000,
  });

  const row = page.getByRole('row', { name: new RegExp(hostname.replace('.', '\\.')) });
  await expect(row.getByText('backlinks.csv')).toBeVisible();

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Domain' }).selectOption({ label: hostname });
  await new CataloguePage(page).waitForRows();
  const first = page.getByRole('row', { name: new RegExp(linked[0]!.replace(/\./g, '\\.')) });
  await expect(first.getByText('Already linked')).toHaveCount(1);
});

test('a buyer adds an internationalised domain and reads it in Unicode, also in the cart', async ({
  page,
}) => {
  await signIn(page);
  const hostname = `münchen-${Date.now()}.de`;
  await addDomain(page, hostname);
  await page.getByRole('button', { name: `Competitors of ${hostname}` }).click();
  await expect(page.getByRole('dialog', { name: `Competitors of ${hostname}` })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Domain' }).selectOption({ label: hostname });
  const catalogue = new CataloguePage(page);
  await catalogue.waitForRows();
  const panel = await CartPanel.open(page, await catalogue.firstHostname());
  await panel.addAndGoButton().click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`for ${hostname}`).first()).toBeVisible();
  await expect(page.getByText(/xn--/)).toHaveCount(0);
});

test('a buyer uploads a partly bad file and reads its errors', async ({ page }) => {
  await signIn(page);
  const hostname = `e2e-errors-${Date.now()}.com`;
  await addDomain(page, hostname);

  await page.getByRole('button', { name: `Upload referring domains of ${hostname}` }).click();
  await chooseFile(page, 'mixed.csv', 'good-one.com\n=1+1\n10.0.0.1\ngood-two.org\n');
  await expect(page.getByRole('list', { name: 'Invalid rows' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload referring domains' }).click();
  // The toast's second line; the row's badge repeats the first.
  await expect(page.getByText('Some items were wrong and skipped')).toBeVisible({
    timeout: 20_000,
  });

  await page.goto('/domains');
  await page
    .getByRole('button', { name: `View errors of the referring domains of ${hostname}` })
    .click();
  const errors = page.getByRole('list', { name: 'Errors' });
  await expect(errors).toContainText('line 2');
  await expect(errors).toContainText('Enter a domain name, not an IP address.');
});

test('a buyer chooses a file of garbage only and reads why each row is refused', async ({
  page,
}) => {
  await signIn(page);
  const hostname = `e2e-garbage-${Date.now()}.com`;
  await addDomain(page, hostname);

  await page.getByRole('button', { name: `Upload referring domains of ${hostname}` }).click();
  await chooseFile(page, 'garbage.csv', '=1+1\n10.0.0.1\njavascript:alert(1)\n');
  await expect(page.getByRole('list', { name: 'Invalid rows' }).getByRole('listitem')).toHaveText([
    'Line 1, column 1 “=1+1”: This is not a valid domain name, such as example.com.',
    'Line 2, column 1 “10.0.0.1”: Enter a domain name, not an IP address.',
    'Line 3, column 1 “javascript:alert(1)”: This is not a valid domain name, such as example.com.',
  ]);
  await expect(
    page.getByText('No domains were found in this file, so there is nothing to upload.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload referring domains' })).toBeDisabled();
});

test('a buyer uploads competitors and opens the link gap', async ({ page }) => {
  await signIn(page);
  const referring = await catalogueHostnames(page, 2);
  const hostname = `e2e-gap-${Date.now()}.com`;
  await addDomain(page, hostname);

  await page.getByRole('button', { name: `Competitors of ${hostname}` }).click();
  await page.getByLabel('New group name').fill('Rivals');
  await page.getByRole('button', { name: 'Create group' }).click();
  await chooseFile(
    page,
    'competitors.csv',
    `competitor;referring domain\nrival-one.com;${referring[0]}\nrival-two.com;${referring[1]}\n`,
  );
  await expect(page.getByText('Competitors found')).toBeVisible();
  await page.getByRole('button', { name: 'Upload competitors' }).click();
  await expect(page.getByText('Competitor upload finished')).toBeVisible({ timeout: 20_000 });

  await page.goto('/');
  await page.getByRole('combobox', { name: 'Domain' }).selectOption({ label: hostname });
  await page.getByRole('button', { name: 'Link gap' }).click();
  await expect(page.getByRole('button', { name: 'Link gap' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(new CataloguePage(page).summary()).toHaveText(/of 2 entries$/);
});

test('a buyer reloads during an import and still gets its result', async ({ page }) => {
  await signIn(page);
  const hostname = `e2e-reload-${Date.now()}.com`;
  await addDomain(page, hostname);
  await page.getByRole('button', { name: `Upload referring domains of ${hostname}` }).click();
  const rows = Array.from({ length: 20_000 }, (_, index) => `site-${index}.example.org`);
  await chooseFile(page, 'many.csv', rows.join('\n'));
  await expect(page.getByText('Domains found')).toBeVisible();
  await page.getByRole('button', { name: 'Upload referring domains' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 20_000 });
  await page.reload();
  await expect(page.getByText('Referring domain upload finished')).toBeVisible({
    timeout: 30_000,
  });
});

test('a buyer requests a free strategy and sees it listed', async ({ page }) => {
  await signIn(page);
  await new CataloguePage(page).waitForRows();
  await page.getByRole('button', { name: 'Request a free strategy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get a free link-building strategy' });
  await dialog.getByLabel('Domain').fill('https://www.Northwind-Outdoor.com/');
  await dialog
    .getByLabel('What do you want to achieve?')
    .fill('We sell outdoor gear in the UK and want links from travel and hiking sites.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Request sent')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Request a free strategy' }).click();
  await expect(dialog.getByText('northwind-outdoor.com').first()).toBeVisible();
  await expect(dialog.getByText('Received').first()).toBeVisible();
});
