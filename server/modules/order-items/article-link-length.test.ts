// A very long article link is refused at once: its length is checked before any pattern reads it
// (decision 131). It used to block the whole server for seconds (a quadratic pattern ran on the
// raw form field).
import { describe, expect, it } from 'vitest';

import { TOO_LONG_MESSAGE } from '#contract/input-rules.ts';
import { lineOfKind, multipart, placeOrder, useBuyerApp } from '#tests/helpers/orders.ts';
import { bearer } from '#tests/helpers/test-app.ts';

describe('a 50,000-character article link', () => {
  const app = useBuyerApp();

  it('answers 400 on the link at once, not after the seconds a quadratic pattern took', async () => {
    const { ctx, facts, tokens } = app;
    const { items } = await placeOrder(
      ctx,
      tokens.buyer,
      facts,
      [lineOfKind(facts, 'buyerArticle')],
      'bank_transfer',
    );
    const url = `/api/v1/buyer/orders/items/${items[0]!.id}/articles`;
    const links = [
      `https://docs.example/${'\t'.repeat(49_000)}\n${'\t'.repeat(979)}x`,
      `docs.example/${' '.repeat(50_000)}`,
    ];
    const times: number[] = [];
    for (const link of [...links, ...links, ...links]) {
      const form = multipart({ link });
      const started = performance.now();
      const response = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: { ...bearer(tokens.buyer), ...form.headers },
        payload: form.payload,
      });
      times.push(performance.now() - started);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 400,
        violations: [{ path: 'link', message: TOO_LONG_MESSAGE }],
      });
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    // The quadratic pattern took seconds; a bound of one second stays clear of a loaded machine's
    // noise (a quiet one answers in a few milliseconds) and still fails on that.
    expect(median).toBeLessThan(1000);
  });
});
