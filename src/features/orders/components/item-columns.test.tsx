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

describe('order item cards on a phone', () => {
  const topicToApprove = makeOrderItem({
    number: '100003-1',
    status: 'topic_ready_for_approval',
    is_topic_provided_by_buyer: false,
    topic: {
      is_needs_approval: true,
      content: 'Insulated jackets: what to know',
      status: 'topic_ready_for_approval',
      feedback: null,
    },
  });

  it('puts what waits for the buyer first, with its buttons and the item’s Cancel', () => {
    const columns = itemColumns({ ...handlers, isPhone: true });
    expect(columns.map((c) => c.id).slice(0, 2)).toEqual(['number', '_next']);
    expect(columns.some((c) => c.id === '_actions')).toBe(false);
    render(<div>{columns.find((c) => c.id === '_next')!.render(topicToApprove)}</div>);
    expect(screen.getByText('Topic to approve')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Yes, approve topic of item 100003-1' }),
    ).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel item 100003-1' })).toBeInTheDocument();
    // The topic's own cell holds no second pair of buttons, and is left out of the card.
    const topicApproved = columns.find((c) => c.id === 'topic_approved')!;
    render(<div data-testid="approved">{topicApproved.render(topicToApprove)}</div>);
    expect(screen.getAllByRole('button', { name: /approve topic/ })).toHaveLength(1);
    expect(columns.find((c) => c.id === 'topic')!.isEmpty?.(topicToApprove)).toBe(true);
    expect(columns.find((c) => c.id === 'custom_id')!.isEmpty?.(topicToApprove)).toBe(
      !topicToApprove.custom_id,
    );
  });

  it('offers a member whose role takes no action on items the buttons switched off', () => {
    const columns = itemColumns({ ...handlers, isPhone: true, cannotAct: 'As Viewer you follow.' });
    render(<div>{columns.find((c) => c.id === '_next')!.render(topicToApprove)}</div>);
    expect(
      screen.getByRole('button', { name: 'Yes, approve topic of item 100003-1' }),
    ).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel item 100003-1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request edit of item 100003-1' })).toBeDisabled();
  });

  it('keeps the table’s columns and buttons where they were at laptop width', () => {
    const columns = itemColumns(handlers);
    expect(columns.some((c) => c.id === '_next')).toBe(false);
    expect(columns.at(-1)?.id).toBe('_actions');
  });

  it('cuts a long anchor to two lines, with a button that shows it whole', async () => {
    const anchor = 'a'.repeat(40) + ' ' + 'b'.repeat(214);
    const item = makeOrderItem({ number: '100003-2', anchor_text: anchor });
    const column = itemColumns(handlers).find((c) => c.id === 'anchor_text')!;
    render(<div>{column.render(item)}</div>);
    const text = screen.getByText(anchor);
    expect(text).toHaveClass('line-clamp-2');
    expect(text).toHaveAttribute('title', anchor);
    const more = screen.getByRole('button', {
      name: /^Show all.*anchor text of item 100003-2$/,
    });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.click();
    expect(
      await screen.findByRole('button', { name: /^Show less.*anchor text of item 100003-2$/ }),
    ).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(anchor)).not.toHaveClass('line-clamp-2');
  });
});

describe('order item domains', () => {
  it('shows internationalised names in Unicode', () => {
    const item = makeOrderItem({
      site: { id: '00000000-0000-4000-8000-0000000000a1', hostname: 'xn--mnchen-3ya.de' },
      buyer_domain: { id: '00000000-0000-4000-8000-0000000000a2', hostname: 'xn--mller-kva.de' },
    });
    const columns = itemColumns(handlers);
    const shown = (id: string) => {
      const column = columns.find((c) => c.id === id)!;
      const { unmount } = render(<div data-testid={id}>{column.render(item)}</div>);
      const text = screen.getByTestId(id).textContent;
      unmount();
      return text;
    };
    expect(shown('domain')).toBe('münchen.de');
    expect(shown('buyer_domain')).toBe('müller.de');
  });
});
