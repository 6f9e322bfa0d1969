import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
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
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Add new company request' }).click();
  await expect(page.getByRole('heading', { name: 'Add new company request' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New company request' });
  await form.getByLabel('Business name').fill('Fjord Media SAS');
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
  const item = requests.getByRole('listitem').filter({ hasText: 'Fjord Media SAS' });
  await expect(item.getByText('Waiting for review')).toBeVisible();
  const number = (await item.getByText(/^CR-\d+/).textContent())!.match(/CR-\d+/)![0];

  await decide(number, 'approve', baseURL);
  await page.reload();
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  const accounts = page.getByRole('list', { name: 'Company accounts' });
  const added = accounts.getByRole('listitem').filter({ hasText: 'Fjord Media SAS' });
  await expect(added).toContainText('Credit limit €0.00');

  await page.goto('/');
  const selector = page.getByRole('combobox', { name: 'Company' });
  await expect(selector.getByRole('option', { name: 'Fjord Media SAS' })).toBeAttached();
  const previous = await selector.inputValue();
  await selector.selectOption({ label: 'Fjord Media SAS' });
  await expect(page.getByText('Current company: Fjord Media SAS')).toBeVisible();

  // The choice is the server's: it holds after a reload and on the companies screen.
  const chosen = await selector.inputValue();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(chosen);
  await page.goto('/companies');
  await expect(
    page
      .getByRole('list', { name: 'Company accounts' })
      .getByRole('listitem')
      .filter({ hasText: 'Fjord Media SAS' })
      .getByText('Current', { exact: true }),
  ).toBeVisible();

  // Back to the company with credit, for the other stories of the run (they pay with credits).
  await page.goto('/');
  const switched = page.waitForResponse(
    (response) => response.url().includes('/companies/accounts/current') && response.ok(),
  );
  await page.getByRole('combobox', { name: 'Company' }).selectOption(previous);
  await switched;
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Company' })).toHaveValue(previous);
});
