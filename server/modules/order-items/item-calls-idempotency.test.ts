import { beforeAll, describe, expect, it } from 'vitest';

import { IDEMPOTENCY_MISMATCH_MESSAGE } from '#contract/orders.ts';
import {
  countRows,
  lineOfKind,
  multipart,
  placeOrder,
  useBuyerApp,
} from '#tests/helpers/orders.ts';

describe("a buyer's item calls repeated with the same Idempotency-Key", () => {
  const app = useBuyerApp();
  let { ctx, facts, tokens, call } = app;
  beforeAll(() => ({ ctx, facts, tokens, call } = app));

  it('answers a repeated cancel like the first and refunds once; another body is refused', async () => {
    const { order, items } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineOfKind(facts, 'publisherTopic'), lineOfKind(facts, 'publisherTopic', 'buyer', 1)],
      'credits',
    );
    const [first, second] = items;
    const key = { 'idempotency-key': 'cancel-once-1' };
    const cancel = (ids: string[]) =>
      call('PUT', '/orders/items/statuses', tokens.buyer, { transition: 'cancel', ids }, key);

    const answer = await cancel([first!.id]);
    expect(answer.statusCode, answer.body).toBe(200);
    const ledgerRows = await countRows(ctx.handle.db, 'credit_transactions');

    const repeat = await cancel([first!.id]);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(answer.json());
    expect(await countRows(ctx.handle.db, 'credit_transactions')).toBe(ledgerRows);

    // Without the key, the same call is refused: the item is cancelled already.
    const unkeyed = await call('PUT', '/orders/items/statuses', tokens.buyer, {
      transition: 'cancel',
      ids: [first!.id],
    });
    expect(unkeyed.statusCode).toBe(409);

    const other = await cancel([second!.id]);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: IDEMPOTENCY_MISMATCH_MESSAGE });
    const detail = await call('GET', `/orders/${order.id}/items`, tokens.buyer);
    const statuses = (detail.json() as { data: { id: string; status: string }[] }).data;
    expect(statuses.find((item) => item.id === second!.id)?.status).not.toBe('cancelled');
  });

  it('keys a multipart call by its fields and file, and keeps keys apart per buyer', async () => {
    const { items } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineOfKind(facts, 'buyerArticle', 'buyer', 2)],
      'pay_by_bill',
    );
    const item = items[0]!;
    const send = (link: string, token = tokens.buyer) => {
      const form = multipart({ link });
      return ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/buyer/orders/items/${item.id}/articles`,
        headers: {
          ...form.headers,
          authorization: `Bearer ${token}`,
          'idempotency-key': 'article-1',
        },
        payload: form.payload,
      });
    };
    const answer = await send('https://docs.example.com/article-1');
    expect(answer.statusCode, answer.body).toBe(200);
    const repeat = await send('https://docs.example.com/article-1');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(answer.json());
    expect((await send('https://docs.example.com/another')).statusCode).toBe(422);
    // The same key from another buyer is that buyer's own: the item is not theirs (404).
    expect((await send('https://docs.example.com/article-1', tokens.secondBuyer)).statusCode).toBe(
      404,
    );
  });
});
