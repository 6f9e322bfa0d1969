import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import {
  cartOfOneArticle,
  orderCart,
  orderCartWithCredits,
  type PaidOrder,
  writtenArticle,
} from './fixtures/api.ts';
import { goOnline, reportOffline, waitForServiceWorker } from './fixtures/network.ts';
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

/** An order's row header in the orders list: its number, then any unread messages it has. */
function orderHeader(page: Page, orderNumber: string) {
  return page.getByRole('rowheader', { name: new RegExp(`^${orderNumber}(?: |$)`) });
}

/** Places and pays (with credits) an order of one written article whose topic needs approval. */
async function placePaidOrder(page: Page): Promise<PaidOrder> {
  await cartOfWrittenArticle(page);
  return orderCartWithCredits(page);
}

/** Empties the cart and puts one written article in it, whose topic needs approval. */
async function cartOfWrittenArticle(page: Page): Promise<void> {
  await cartOfOneArticle(page, {
    article_topic: 'please_provide_me_a_topic',
    is_topic_needs_approval: true,
    ...(await writtenArticle(page)),
    target_url: 'https://shop.example.org/offers',
    anchor_text: 'best offers',
  });
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

test('a buyer follows an article from topic approval to a live link and asks for edits', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const { orderId, orderNumber, itemNumber } = await placePaidOrder(page);
  await advance(itemNumber, 'topic_ready', baseURL);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Your orders' })).toBeVisible();
  const orderRow = page.getByRole('row').filter({
    has: orderHeader(page, orderNumber),
  });
  await orderRow.getByRole('link', { name: /View/ }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  const order = new OrderPage(page);
  await order.waitForItems();
  const row = order.row(itemNumber);
  await expect(row.getByText('Topic ready for approval').first()).toBeVisible();

  await order.button(`Yes, approve topic of item ${itemNumber}`).click();
  await order.expectToast(`Item ${itemNumber} successfully approved`);
  await expect(row.getByText('In progress')).toBeVisible();

  await advance(itemNumber, 'content_ready', baseURL);
  await page.reload();
  await order.waitForItems();
  await order.button(`No, decline content of item ${itemNumber}`).click();
  const dialog = page.getByRole('dialog', { name: `Content feedback for item ${itemNumber}` });
  await dialog.getByLabel('Feedback').fill('Please make the introduction shorter.');
  await dialog.getByLabel('File (optional)').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Shorter intro, more examples.\n'),
  });
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await order.expectToast(`Item ${itemNumber} successfully declined with feedback`);
  await expect(row.getByText('Declined')).toBeVisible();
  await row.getByRole('button', { name: 'See feedback' }).click();
  const view = page.getByRole('dialog', { name: `Content feedback for item ${itemNumber}` });
  await expect(view.getByText('Please make the introduction shorter.')).toBeVisible();
  await expect(view.getByRole('button', { name: 'notes.txt', exact: true })).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).first().click();

  await advance(itemNumber, 'content_ready', baseURL);
  await page.reload();
  await order.waitForItems();
  await order.button(`Yes, approve content of item ${itemNumber}`).click();
  await order.expectToast(`Item ${itemNumber} successfully approved`);
  await expect(row.getByText('Ready for publication')).toBeVisible();

  await advance(itemNumber, 'send_for_publication', baseURL);
  await advance(itemNumber, 'publish', baseURL);
  await page.reload();
  await order.waitForItems();
  await expect(row.getByText('Live link', { exact: true })).toBeVisible();
  const today = new Date();
  const dd = String(today.getDate()).padStart(2, '0');
  const mm = String(today.getMonth() + 1).padStart(2, '0');
  await expect(row.getByText(`${dd}/${mm}/${today.getFullYear()}`)).toBeVisible();
  await expect(order.button(`Cancel item ${itemNumber}`)).toBeDisabled();

  await order.button(`Request edit of item ${itemNumber}`).click();
  const edit = page.getByRole('dialog', { name: 'Request an edit' });
  await edit.getByRole('button', { name: 'Request an edit' }).click();
  await expect(edit.getByText('Say what the publisher should change.')).toBeVisible();
  await edit
    .getByRole('textbox', { name: 'What should the publisher change?' })
    .fill('Link the anchor to the pricing page.');
  await edit.getByRole('button', { name: 'Request an edit' }).click();
  await order.expectToast(`Item ${itemNumber} successfully sent for edits`);
  await expect(row.getByText('Edits requested')).toBeVisible();
  await expect(order.button(`Request edit of item ${itemNumber}`)).toBeDisabled();
});

test('an approval made offline is sent once the connection returns', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const { orderId, itemNumber } = await placePaidOrder(page);
  await advance(itemNumber, 'topic_ready', baseURL);
  const order = new OrderPage(page);
  await order.goto(orderId);
  const row = order.row(itemNumber);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await order.button(`Yes, approve topic of item ${itemNumber}`).click();
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Topic ready for approval').first()).toBeVisible();

  await context.setOffline(false);
  await expect(row.getByText('Pending')).toHaveCount(0);
  await expect(row.getByText('In progress')).toBeVisible();
});

/** Whether the query cache persisted in IndexedDB mentions `text` yet. */
function persistedCacheHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (needle) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('buyer-portal');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const database = open.result;
          const rows = database
            .transaction('queryCache', 'readonly')
            .objectStore('queryCache')
            .getAll();
          rows.onerror = () => resolve(false);
          rows.onsuccess = () => {
            database.close();
            resolve(
              (rows.result as { value: unknown }[]).some((row) =>
                String(row.value).includes(needle),
              ),
            );
          };
        };
      }),
    text,
  );
}

test('the orders list and an opened order are readable offline after a reload', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const { orderId, orderNumber, itemNumber } = await placePaidOrder(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/orders');
  await expect(orderHeader(page, orderNumber)).toBeVisible();
  // The query cache is written to IndexedDB at most once a second: wait until it holds the list.
  await expect.poll(() => persistedCacheHolds(page, orderNumber)).toBe(true);
  const order = new OrderPage(page);
  await order.goto(orderId);
  await expect(order.row(itemNumber)).toBeVisible();
  await waitForServiceWorker(page);
  await expect.poll(() => persistedCacheHolds(page, itemNumber)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await reportOffline(page);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(/Showing data saved on/)).toBeVisible();
  await expect(order.row(itemNumber)).toBeVisible();

  await page.goto('/orders');
  await reportOffline(page);
  await expect(orderHeader(page, orderNumber)).toBeVisible();
  await expect(page.getByText(/Showing data saved on/)).toBeVisible();
  await goOnline(context);
});

test('a link to an orders page past the end opens the last page', async ({ page }) => {
  await signIn(page);
  await placePaidOrder(page);
  await page.goto('/orders?page=999');
  await expect(page.getByText(/^Page ([\d,]+) of \1$/)).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).not.toBe('999');
  await expect(
    page.getByRole('table', { name: 'Orders' }).getByRole('rowheader').first(),
  ).toBeVisible();
  await expect(page.getByText(/^Showing [\d,]+ to ([\d,]+) of \1 entries$/)).toBeVisible();
});

test('on a phone an order item is a card that opens with what waits for the buyer', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  const { orderId, itemNumber } = await placePaidOrder(page);
  await advance(itemNumber, 'topic_ready', baseURL);
  await page.setViewportSize({ width: 390, height: 844 });
  const order = new OrderPage(page);
  await order.goto(orderId);
  const card = order.row(itemNumber);
  await card.scrollIntoViewIfNeeded();

  // First what waits for the buyer with its buttons (once), then the item's actions, then the rest.
  const need = card.getByText('Topic to approve', { exact: true });
  const yes = order.button(`Yes, approve topic of item ${itemNumber}`);
  const no = order.button(`No, decline topic of item ${itemNumber}`);
  const cancel = order.button(`Cancel item ${itemNumber}`);
  const edit = order.button(`Request edit of item ${itemNumber}`);
  const status = card.getByText('Topic ready for approval', { exact: true });
  for (const part of [need, yes, no, cancel, edit, status]) await expect(part).toBeVisible();
  const top = async (part: typeof need) => (await part.boundingBox())!.y;
  expect(await top(need)).toBeLessThan(await top(yes));
  expect(await top(yes)).toBe(await top(no));
  expect(await top(no)).toBeLessThan(await top(cancel));
  expect(await top(cancel)).toBe(await top(edit));
  expect(await top(edit)).toBeLessThan(await top(status));

  // Empty fields are left out of sight; every cell stays in its column for screen readers.
  const shown = await card
    .locator('td')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.getBoundingClientRect().width > 1)
        .map((cell) => cell.querySelector('[data-label]')?.getAttribute('data-label') ?? ''),
    );
  expect(shown).toEqual(expect.arrayContaining(['Status', 'Payment status', 'Domain']));
  for (const empty of ['Live link', 'Published date', 'Custom id', 'Comments', 'Topic feedback']) {
    expect(shown).not.toContain(empty);
  }
  const table = page.getByRole('table', { name: 'Order items' });
  await expect(table.getByRole('columnheader', { name: 'Live link' })).toHaveCount(1);
  expect(await card.getByRole('cell').count()).toBe(
    (await table.getByRole('columnheader').count()) - 1,
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
});

test("on a laptop the orders list shows each order's payment status as the order's page words it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const paid = await placePaidOrder(page);
  await cartOfWrittenArticle(page);
  const unpaid = await orderCart(page, 'bank_transfer');

  await page.goto('/orders');
  const table = page.getByRole('table', { name: 'Orders' });
  const header = table.getByRole('columnheader', { name: 'Payment status' });
  await expect(header).toBeVisible();
  const box = (await header.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  const column = (await table.getByRole('columnheader').allTextContents()).findIndex((name) =>
    name.startsWith('Payment status'),
  );
  const rowOf = (orderNumber: string) =>
    table.getByRole('row').filter({ has: orderHeader(page, orderNumber) });
  await expect(rowOf(paid.orderNumber).locator('th, td').nth(column)).toHaveText('Paid');
  await expect(rowOf(unpaid.orderNumber).locator('th, td').nth(column)).toHaveText(
    'Pending payment',
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await rowOf(unpaid.orderNumber).getByRole('link', { name: /View/ }).click();
  await expect(page.locator('dt:text-is("Payment status") + dd')).toHaveText('Pending payment');
});
