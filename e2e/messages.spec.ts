import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { checkScreen, SCREEN_SIZES } from './a11y-check.ts';
import {
  cartOfOneArticle,
  orderCartWithCredits,
  type PaidOrder,
  writtenArticle,
} from './fixtures/api.ts';
import { goOnline, waitForServiceWorker } from './fixtures/network.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { LoginPage } from './pages/login-page.ts';
import { OrderPage } from './pages/order-page.ts';

const run = promisify(execFile);

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
}

/** Places and pays (with credits) an order of one written article whose topic needs approval. */
async function placePaidOrder(page: Page): Promise<PaidOrder> {
  await cartOfOneArticle(page, {
    article_topic: 'please_provide_me_a_topic',
    is_topic_needs_approval: true,
    ...(await writtenArticle(page)),
    target_url: 'https://shop.example.org/offers',
    anchor_text: 'best offers',
  });
  return orderCartWithCredits(page);
}

/** One publisher step through `npm run demo:advance`, which asks the running e2e server. */
async function advance(itemNumber: string, event: string, baseURL: string | undefined) {
  const { stdout } = await run(
    'npx',
    ['tsx', 'server/modules/demo-publisher/demo-advance-cli.ts', itemNumber, event],
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
  expect(stdout).toContain(`${itemNumber}: ${event}`);
}

/** Opens the item's conversation from its Messages button, with the keyboard. */
async function openMessages(page: Page, itemNumber: string) {
  const opener = page.getByRole('button', {
    name: new RegExp(`^Messages (\\d+ unread )?for item ${itemNumber}$`),
  });
  await opener.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: `Messages for item ${itemNumber}` });
  await expect(sheet.getByLabel('Message to the publisher')).toBeVisible();
  return { opener, sheet };
}

test('a buyer writes to the publisher of an item and sees its next step arrive in the thread', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(page);
  const { orderId, itemId, itemNumber } = await placePaidOrder(page);
  await new OrderPage(page).goto(orderId);
  const { opener, sheet } = await openMessages(page, itemNumber);
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}\\?messages=${itemId}$`));

  const field = sheet.getByLabel('Message to the publisher');
  await field.fill('Could the article link https://shop.example.org/offers?\nThanks!');
  await field.press('ControlOrMeta+Enter');
  await expect(
    sheet.getByRole('link', { name: 'https://shop.example.org/offers' }),
  ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(field).toHaveValue('');

  // The open thread asks again every few seconds: the publisher's step shows without a reload.
  await advance(itemNumber, 'topic_ready', baseURL);
  await expect(sheet.getByText('Topic ready for approval')).toBeVisible({ timeout: 10_000 });

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await checkScreen(page, testInfo, size, 'item-messages');
  }

  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));

  // A mail links to the conversation: the address opens it.
  await page.goto(`/orders/${orderId}?messages=${itemId}`);
  await expect(
    page
      .getByRole('dialog', { name: `Messages for item ${itemNumber}` })
      .getByText('Could the article link'),
  ).toBeVisible();
});

test('a message written offline waits on the device and is sent once the connection returns', async ({
  page,
  context,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/);
  await signIn(page);
  const { orderId, itemNumber } = await placePaidOrder(page);
  await new OrderPage(page).goto(orderId);
  await waitForServiceWorker(page);
  const { sheet } = await openMessages(page, itemNumber);

  await context.setOffline(true);
  await expect(sheet.getByText(/You are offline: this is the copy saved on/)).toBeVisible();
  await sheet.getByLabel('Message to the publisher').fill('Written on the train');
  await sheet.getByRole('button', { name: 'Send' }).click();
  await expect(sheet.getByText('Waiting to send')).toBeVisible();

  await goOnline(context);
  await expect(sheet.getByText('Waiting to send')).toHaveCount(0, { timeout: 20_000 });
  await expect(sheet.getByText('Written on the train', { exact: true })).toHaveCount(1);
  await page.reload();
  await expect(
    page
      .getByRole('dialog', { name: `Messages for item ${itemNumber}` })
      .getByText('Written on the train', { exact: true }),
  ).toHaveCount(1);
});
