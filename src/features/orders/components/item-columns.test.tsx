import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeOrderItem } from '#src/test-utils/factories.ts';
import { itemColumns } from './item-columns.tsx';

const handlers = {
  isPending: () => false,
  isSelected: () => false,
  onSelect: vi.fn(),
  onApprove: vi.fn(),
  onOpen: vi.fn(),
  onCancel: vi.fn(),
  onRequestEdit: vi.fn(),
};

function priceOf(item: ReturnType<typeof makeOrderItem>) {
  const column = itemColumns(handlers).find((c) => c.id === 'price')!;
  render(<div data-testid="price">{column.render(item)}</div>);
  return screen.getByTestId('price').textContent;
}

describe('order item price', () => {
  it('adds the content to the link price, so items add up to the order total', () => {
    const item = makeOrderItem({
      price: '394.00',
      content_product_plan: {
        id: '00000000-0000-4000-8000-0000000000c1',
        title: 'Standard',
        slug: 'standard',
        features: [],
        min_words_amount: 500,
        max_words_amount: 1000,
        is_max_words_amount_exceed_allowed: false,
        price: '358.00',
      },
    });
    expect(priceOf(item)).toBe('€752.00€394.00 link + €358.00 content');
  });

  it('shows the link price alone when the content cost nothing', () => {
    expect(priceOf(makeOrderItem({ price: '150.00' }))).toBe('€150.00');
  });
});
