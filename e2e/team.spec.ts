import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { LoginPage } from './pages/login-page.ts';

const navigation = (page: Page) => page.getByRole('navigation', { name: /main/i });

async function signIn(page: Page, email: string, password: string) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(email, password);
  await expect(navigation(page)).toBeVisible();
}

/** The .eml files the server wrote (MAIL_TRANSPORT=file), read as plain text. */
async function mailsTo(address: string): Promise<string[]> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const names = await readdir(folder).catch(() => [] as string[]);
  const texts = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => readFile(path.join(folder, name), 'utf8')),
  );
  // Quoted-printable: soft line breaks joined, "=3D" back to "=".
  return texts
    .map((text) => text.replace(/=\r?\n/g, '').replaceAll('=3D', '='))
    .filter((text) => text.includes(address));
}

/** The invitation link in the newest mail to `address`, as a path of the app. */
async function invitationLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const mails = await mailsTo(address);
    link = mails.at(-1)?.match(/\/invitations\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return link!;
}

test('an Owner invites a new member, who registers through the link; the Owner re-roles them and the audit log shows it', async ({
  page,
  browser,
}) => {
  const newcomer = `team.${Date.now()}@example.com`;
  await signIn(page, BUYER.email, BUYER.password);

  await page.getByRole('button', { name: /, settings$/ }).click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a member' });
  await invite.getByLabel('E-mail').fill(newcomer);
  await invite.getByLabel('Role').selectOption('buyer');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(newcomer)).toBeVisible();

  // The newcomer opens the mailed link on a device of their own.
  const link = await invitationLink(newcomer);
  const theirs = await browser.newContext();
  const guest = await theirs.newPage();
  await guest.goto(link);
  const heading = guest.getByRole('heading', { name: /^Join / });
  await expect(heading).toBeVisible();
  const company = ((await heading.textContent()) ?? '').replace(/^Join /, '');
  await guest.getByLabel('First name').fill('Nora');
  await guest.getByLabel('Last name').fill('Newcomer');
  await guest.getByLabel('Password').fill('granite-lantern-orchard-77');
  await guest.getByRole('button', { name: 'Create account and join' }).click();
  await expect(navigation(guest)).toBeVisible();
  await guest.goto('/profile');
  await expect(guest.getByText(company).first()).toBeVisible();
  await theirs.close();

  // The Owner sees the new member and makes them a Viewer.
  await page.reload();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByText(newcomer)).toBeVisible();
  // With the keyboard: arrows in the role dialog choose a role; only Save saves it.
  const changeRole = members.getByRole('button', { name: 'Change role of Nora Newcomer' });
  await changeRole.focus();
  await page.keyboard.press('Enter');
  const roleDialog = page.getByRole('dialog', { name: 'Change role' });
  const role = roleDialog.getByRole('combobox', { name: 'Role' });
  await expect(role).toBeFocused();
  await role.selectOption('viewer');
  await expect(page.getByText('The member has been updated.')).toHaveCount(0);
  await roleDialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText('The member has been updated.')).toBeVisible();
  await expect(roleDialog).toHaveCount(0);
  await expect(changeRole).toBeFocused();
  await expect(members.getByRole('listitem').filter({ hasText: newcomer })).toContainText('Viewer');

  await page.goto('/audit-log');
  await page.getByRole('checkbox', { name: 'Role changed' }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/filter%5Baction%5D%5B%5D=member\.role_changed/);
  const row = page.getByRole('row').filter({ hasText: newcomer });
  await expect(row.first()).toContainText('Role changed');
  await expect(row.first()).toContainText('Viewer');
});
