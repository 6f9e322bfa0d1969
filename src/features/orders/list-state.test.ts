import { describe, expect, it } from 'vitest';
import { parseOrderListState, serializeOrderListState, serverQuery } from './list-state.ts';

const COMPANY = '00000000-0000-4000-8000-000000000200';

describe('orders list state', () => {
  it('round-trips filters, sorting and page through the address', () => {
    const state = {
      search: '100001',
      status: ['processing' as const],
      payment_status: ['paid' as const],
      company: [COMPANY],
      price_min: '10',
      price_max: '99.50',
      sorting: { column: 'price' as const, direction: 'ASC' as const },
      page: 3,
      limit: 50,
    };
    expect(parseOrderListState(serializeOrderListState(state))).toEqual(state);
  });

  it('leaves out what it cannot read instead of failing', () => {
    const state = parseOrderListState(
      'filter[status][]=bogus&filter[company][]=nope&filter[order_price][min]=9&filter[order_price][max]=2&sorting[hostname]=ASC&page=-1&limit=7',
    );
    expect(state).toEqual({
      status: undefined,
      payment_status: undefined,
      price_min: undefined,
      price_max: undefined,
      page: undefined,
      limit: undefined,
    });
  });

  it('asks the server for the newest orders first by default', () => {
    expect(decodeURIComponent(serverQuery({}))).toBe('sorting[created_at]=DESC');
  });
});
