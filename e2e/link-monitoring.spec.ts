// Link monitoring in the demo (decisions 140, 145), through the running server: a newly published
// link is checked against the demo's own article page, the demo publisher breaks it, three
// failed checks open an issue, the buyer asks for a restore, the publisher republishes and the
// link is healthy again. The screens of link monitoring add their steps to this story.
import { createHmac, hkdfSync } from 'node:crypto';

import { checkScreen, SCREEN_SIZES } from './a11y-check.ts';
import { api, cartOfOneArticle, orderCartWithCredits, writtenArticle } from './fixtures/api.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { BUYER } from './fixtures/users.ts';
import { LoginPage } from './pages/login-page.ts';

interface LinkHealth {
  status: 'pending' | 'healthy' | 'failing' | 'issue';
  last_outcome: string | null;
}
interface Issue {
  id: string;
  outcome: string;
  closed_at: string | null;
  resolution: string | null;
  can_request_restore: boolean;
  events: { kind: string }[];
}

/**
 * A demo control call (decision 041): the key is made from the demo-control key derived from the
 * server's signing secret (server/signing-keys.ts, server/http/demo-control.ts; decision 198).
 */
async function demoControl(page: Page, path: string, body: object): Promise<void> {
  const derived = hkdfSync(
    'sha256',
    process.env.E2E_JWT_SECRET ?? '',
    'buyer-portal',
    'demo control v1',
    32,
  );
  const key = createHmac('sha256', new Uint8Array(derived))
    .update('demo-control')
    .digest('base64url');
  const response = await page.request.post(`/api/demo/order-items/${path}`, {
    headers: { 'x-demo-key': key },
    data: body,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

/** Places a credits order of one article written by the publisher; answers its item. */
async function placeOrder(
  page: Page,
): Promise<{ orderId: string; itemId: string; number: string }> {
  await cartOfOneArticle(page, {
    article_topic: 'please_provide_me_a_topic',
    ...(await writtenArticle(page)),
    target_url: 'https://shop.example.org/monitored',
    anchor_text: 'monitored offers',
  });
  const order = await orderCartWithCredits(page);
  return { orderId: order.orderId, itemId: order.itemId, number: order.itemNumber };
}

test('a live link breaks, opens an issue, and is healthy again after a restore', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(BUYER.email, BUYER.password);
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();

  const { orderId, itemId, number } = await placeOrder(page);
  await demoControl(page, `${number}/advance`, { event: 'content_ready' });
  await api(page, 'PUT', '/v1/buyer/orders/items/statuses', {
    transition: 'approve_content',
    ids: [itemId],
  });
  await demoControl(page, `${number}/advance`, { event: 'send_for_publication' });
  await demoControl(page, `${number}/advance`, { event: 'publish' });

  const health = async () => {
    const items = await api<{ data: { id: string; link_health: LinkHealth | null }[] }>(
      page,
      'GET',
      `/v1/buyer/orders/${orderId}/items`,
    );
    return items.data.find((item) => item.id === itemId)?.link_health?.status;
  };
  const issues = async () =>
    (await api<{ data: Issue[] }>(page, 'GET', `/v1/buyer/orders/items/${itemId}/link-issues`))
      .data;
  const poll = { timeout: 60_000, intervals: [1000] };

  // Checked against the demo's own article page within the demo pace.
  await expect.poll(health, poll).toBe('healthy');

  await demoControl(page, `${number}/break-link`, { state: 'removed' });
  await expect.poll(health, poll).toBe('issue');
  // The menu reads the open issues as one phrase with its section's name.
  await page.reload();
  await expect(
    page.getByRole('link', { name: /^Link monitoring, \d+ issues? open$/ }).first(),
  ).toBeAttached();
  const [issue] = await issues();
  expect(issue).toMatchObject({
    outcome: 'link_missing',
    closed_at: null,
    can_request_restore: true,
  });

  const restoring = await api<Issue>(
    page,
    'POST',
    `/v1/buyer/orders/items/${itemId}/link-issues/${issue!.id}/remedy`,
    { kind: 'restore' },
  );
  expect(restoring.events.map((event) => event.kind)).toContain('restore_requested');
  await demoControl(page, `${number}/advance`, { event: 'start_update' });
  await demoControl(page, `${number}/advance`, { event: 'republish' });

  await expect.poll(health, poll).toBe('healthy');
  const [closed] = await issues();
  expect(closed).toMatchObject({ resolution: 'restored' });
  expect(closed!.events.map((event) => event.kind).slice(-2)).toEqual(['link_restored', 'closed']);

  // The order page still shows the item, live again.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText(number).first()).toBeVisible();

  // The link monitoring screen: the summary in words and the item's row, at both widths.
  await page.goto('/link-monitoring');
  await expect(page.getByText(/\d[\d,]* live links?, \d+% healthy/).first()).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await checkScreen(page, testInfo, size, 'link-monitoring');
  }
});
