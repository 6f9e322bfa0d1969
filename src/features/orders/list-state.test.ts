import { describe, expect, it } from 'vitest';

import {
  orderItemsAddress,
  orderItemsQueryString,
  parseOrderListState,
  serializeOrderListState,
  serverQueryString,
  withoutPrices,
} from './list-state.ts';

const COMPANY = '00000000-0000-4000-8000-000000000200';

/**
 * Addresses with what the earlier list state (a flat shape of its own) wrote back for them and
 * asked the server for: bookmarked addresses and offline copies keep reading the same.
 */
const EARLIER: [address: string, written: string, sent: string][] = [
  ['', '', 'sorting[created_at]=DESC'],
  ['page=1&limit=25', '', 'sorting[created_at]=DESC'],
  [
    'filter[search]=%20shop.example%20&filter[status][]=processing&filter[payment_status][]=paid&filter[company][]=00000000-0000-4000-8000-000000000200&filter[order_price][min]=10&filter[order_price][max]=99.50&sorting[price]=ASC&page=3&limit=50',
    'filter[search]=shop.example&filter[status][]=processing&filter[payment_status][]=paid&filter[company][]=00000000-0000-4000-8000-000000000200&filter[order_price][min]=10&filter[order_price][max]=99.50&sorting[price]=ASC&page=3&limit=50',
    'filter[search]=shop.example&filter[status][]=processing&filter[payment_status][]=paid&filter[company][]=00000000-0000-4000-8000-000000000200&filter[order_price][min]=10&filter[order_price][max]=99.50&sorting[price]=ASC&page=3&limit=50',
  ],
  [
    'filter%5Bstatus%5D%5B%5D=completed&filter%5Bstatus%5D%5B%5D=bogus&sorting%5Bnumber%5D=DESC&limit=100',
    'filter[status][]=completed&sorting[number]=DESC&limit=100',
    'filter[status][]=completed&sorting[number]=DESC&limit=100',
  ],
  [
    'sorting[price]=ASC&sorting[number]=DESC&sorting[hostname]=ASC',
    'sorting[number]=DESC',
    'sorting[number]=DESC',
  ],
  [
    'sorting[status]=desc&filter[order_price][max]=5',
    'filter[order_price][max]=5',
    'filter[order_price][max]=5&sorting[created_at]=DESC',
  ],
  [
    'filter[order_price][min]=9&filter[order_price][max]=2&filter[company][]=nope&page=-1&limit=7',
    '',
    'sorting[created_at]=DESC',
  ],
  [
    'filter[search]=a+b%26c&page=2',
    'filter[search]=a%20b%26c&page=2',
    'filter[search]=a%20b%26c&sorting[created_at]=DESC&page=2',
  ],
  [
    'filter[search]=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'filter[search]=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'filter[search]=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx&sorting[created_at]=DESC',
  ],
  ['filter=oops&sorting=oops&page=abc&limit=', '', 'sorting[created_at]=DESC'],
  ['page=0002&limit=050', 'page=2&limit=50', 'sorting[created_at]=DESC&page=2&limit=50'],
];

/** An order's items page: the address, what was written back, and the page and size read. */
const EARLIER_ITEMS: [address: string, written: string, page: number, limit: number][] = [
  ['', '', 1, 25],
  ['page=2', 'page=2', 2, 25],
  ['page=1&limit=25', '', 1, 25],
  ['page=3&limit=100', 'page=3&limit=100', 3, 100],
  ['page=x&limit=7', '', 1, 25],
  ['limit=50', 'limit=50', 1, 50],
];

describe('orders list state', () => {
  it('round-trips filters, sorting and page through the address', () => {
    const state = {
      filter: {
        search: '100001',
        status: ['processing' as const],
        payment_status: ['paid' as const],
        company: [COMPANY],
        order_price: { min: '10', max: '99.50' },
      },
      sorting: { price: 'ASC' as const },
      page: 3,
      limit: 50,
    };
    expect(parseOrderListState(serializeOrderListState(state))).toEqual(state);
  });

  it('leaves out what it cannot read instead of failing', () => {
    const state = parseOrderListState(
      'filter[status][]=bogus&filter[company][]=nope&filter[order_price][min]=9&filter[order_price][max]=2&sorting[hostname]=ASC&page=-1&limit=7',
    );
    expect(state).toEqual({ filter: {}, sorting: {} });
  });

  it('asks the server for the newest orders first by default', () => {
    expect(decodeURIComponent(serverQueryString(parseOrderListState('')))).toBe(
      'sorting[created_at]=DESC',
    );
  });

  it('reads, writes back and requests every address as the earlier state did', () => {
    for (const [address, written, sent] of EARLIER) {
      const state = parseOrderListState(address);
      expect(serializeOrderListState(state)).toBe(written);
      expect(serverQueryString(state)).toBe(sent);
      expect(serializeOrderListState(parseOrderListState(written))).toBe(written);
    }
  });

  it("reads and writes an order's items page as before, and asks for it naming both", () => {
    for (const [address, written, page, limit] of EARLIER_ITEMS) {
      expect(orderItemsAddress.parse(address)).toEqual({ page, limit });
      expect(orderItemsAddress.serialize({ page, limit })).toBe(written);
    }
    expect(orderItemsQueryString({ page: 2, limit: 25 })).toBe('page=2&limit=25');
  });
});

describe('withoutPrices', () => {
  it('drops the price range and the sorting by price, keeping the rest', () => {
    const state = parseOrderListState(
      'filter[search]=100001&filter[order_price][min]=1000&sorting[price]=ASC&page=2',
    );
    expect(serializeOrderListState(withoutPrices(state))).toBe('filter[search]=100001&page=2');
  });

  it('answers the same state when it names no price', () => {
    const state = parseOrderListState('filter[search]=100001&sorting[number]=DESC');
    expect(withoutPrices(state)).toBe(state);
  });
});
