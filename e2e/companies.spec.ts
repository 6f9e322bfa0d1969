import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { LoginPage } from './pages/login-page.ts';

const run = promisify(execFile);

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

/** Staff's decision through `npm run demo:company`, which asks the running e2e server. */
async function decide(request: string, verb: 'approve' | 'reject', baseURL: string | undefined) {
  const { stdout } = await run(
    'npx',
    ['tsx', 'server/modules/companies/demo-company-cli.ts', request, verb],
    {
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR,
        JWT_SECRET: process.env.E2E_JWT_SECRET,
        PUBLIC_URL: baseURL,
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      },
    },
  );
  expect(stdout).toContain(`${request}: ${verb === 'approve' ? 'approved' : 'rejected'}`);
}

test('a buyer files a company request, sees it approved and switches to the new company on the dashboard', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // A retry files a request of its own, under another name, beside the first attempt's.
  const company =
    testInfo.retry === 0 ? 'Fjord Media SAS' : `Fjord Media SAS ${testInfo.retry + 1}`;
  await signIn(page);
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Add new company request' }).click();
  await expect(page.getByRole('heading', { name: 'Add new company request' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New company request' });
  await form.getByLabel('Business name').fill(company);
  await form.getByLabel('Business type').selectOption({ label: 'Agency' });
  await form.getByLabel('Registration number (optional)').fill('732 829 320');
  await form.getByLabel('Contact e-mail').fill('hello@fjord-media.fr');
  await form.getByLabel('Accounting e-mail').fill('invoices@fjord-media.fr');
  await form.getByLabel('Country').selectOption({ label: 'France' });
  await form.getByLabel('City').fill('Paris');
  await form.getByLabel('Zip code').fill('75002');
  await form.getByLabel('Address', { exact: true }).fill('10 Rue de la Paix');
  await form.getByLabel('VAT number (optional)').fill('FR 40 303 265 045');
  await form.getByLabel('IBAN (optional)').fill('FR14 2004 1010 0505 0001 3M02 607');
  await expect(form.getByText('This IBAN is not valid')).toBeVisible();
  await form.getByLabel('IBAN (optional)').fill('FR14 2004 1010 0505 0001 3M02 606');
  await expect(form.getByText('Valid IBAN (FR)')).toBeVisible();
  await form.getByLabel('BIC/SWIFT (optional)').fill('BNPAFRPP');
  await form.getByRole('button', { name: 'Send company request' }).click();

  await expect(page).toHaveURL(/\/companies$/);
  const requests = page.getByRole('list', { name: 'My company requests' });
  const item = requests.getByRole('listitem').filter({ hasText: company });
  await expect(item.getByText('Waiting for review')).toBeVisible();
  const number = (await item.getByText(/^CR-\d+/).textContent())!.match(/CR-\d+/)![0];

  await decide(number, 'approve', baseURL);
  await page.reload();
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  const accounts = page.getByRole('list', { name: 'Company accounts' });
  const added = accounts.getByRole('listitem').filter({ hasText: company });
  await expect(added).toContainText('Credit balance €0.00 · Pay by bill not allowed');
  // Named as one phrase: "Make current: Fjord Media SAS", not "Make current : Fjord Media SAS".
  await expect(
    added.getByRole('button', { name: `Make current: ${company}`, exact: true }),
  ).toBeVisible();

  await page.goto('/');
  const selector = page.getByRole('combobox', { name: 'Company' });
  await expect(selector.getByRole('option', { name: company })).toBeAttached();
  // The buyer's own company (the one with credit), whatever a failed attempt left chosen.
  const previous = (await selector
    .locator('option:not([value=""])', { hasNotText: 'Fjord Media SAS' })
    .first()
    .getAttribute('value'))!;
  await selector.selectOption({ label: company });
  await expect(page.getByText(`Current company: ${company}`)).toBeVisible();

  // The choice is the server's: it holds after a reload and on the companies screen.
  const chosen = await selector.inputValue();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(chosen);
  await page.goto('/companies');
  await expect(
    page
      .getByRole('list', { name: 'Company accounts' })
      .getByRole('listitem')
      .filter({ hasText: company })
      .getByText('Current', { exact: true }),
  ).toBeVisible();

  // Back to the company with credit, for the other stories of the run (they pay with credits).
  // The dashboard may first draw the company from its stored copy; choosing the previous one
  // while that copy still shows it would change nothing, so wait for the server's answer.
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(chosen);
  const switched = page.waitForResponse(
    (response) => response.url().includes('/companies/accounts/current') && response.ok(),
  );
  await page.getByRole('combobox', { name: 'Company' }).selectOption(previous);
  await switched;
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(previous);
});
