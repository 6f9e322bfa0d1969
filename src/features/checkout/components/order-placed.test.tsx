import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { makeOrder } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { OrderPlaced } from './order-placed.tsx';

const awaited = makeOrder({
  number: '100042',
  price_with_vat: '357.00',
  payment_method: 'bank_transfer',
  payment: { status: 'pending_payment', method: 'bank_transfer' },
  invoice: {
    id: '00000000-0000-4000-8000-0000000f0001',
    number: 'INV-1007',
    file: null,
    payment_status: 'pending_payment',
    payment_method: 'bank_transfer',
  },
  payment_instructions: {
    account_holder: 'Linkmarket GmbH',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bank_account: 'IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
    amount: '357.00',
    reference: 'INV-1007',
    due_date: '2026-11-17',
  },
});

/** The bank details as the page shows them, label → value. */
function bankDetails(): Record<string, string> {
  const section = screen.getByRole('region', { name: 'Pay by bank transfer' });
  const terms = within(section).getAllByRole('term');
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
  );
}

describe('the page after an order', () => {
  it('opens at its top with focus on its heading, wherever the checkout was scrolled to', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderOnRoute(<OrderPlaced order={awaited} />);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByRole('heading', { name: 'Your order has been placed' })).toHaveFocus();
    scrollTo.mockRestore();
  });

  it('shows where to transfer a bank-transfer order, how much and what to quote', async () => {
    renderOnRoute(<OrderPlaced order={awaited} />);
    await screen.findByRole('heading', { name: 'Your order has been placed' });
    expect(bankDetails()).toEqual({
      'Account holder': 'Linkmarket GmbH',
      IBAN: 'DE89 3704 0044 0532 0130 00',
      BIC: 'COBADEFFXXX',
      Amount: '€357.00',
      'Payment reference': 'INV-1007',
      'Pay by': '17/11/2026',
    });
  });

  it('shows the account as the invoice prints it when it names no IBAN', async () => {
    const instructions = {
      ...awaited.payment_instructions!,
      iban: null,
      bic: null,
      bank_account: 'Account 12345678, sort code 20-00-00',
    };
    renderOnRoute(<OrderPlaced order={{ ...awaited, payment_instructions: instructions }} />);
    await screen.findByRole('heading', { name: 'Your order has been placed' });
    expect(bankDetails()).toMatchObject({
      'Bank account': 'Account 12345678, sort code 20-00-00',
      'Payment reference': 'INV-1007',
    });
    expect(bankDetails()).not.toHaveProperty('IBAN');
  });

  it('asks for no transfer when the order has nothing to transfer', async () => {
    renderOnRoute(<OrderPlaced order={makeOrder()} />);
    await screen.findByRole('heading', { name: 'Your order has been placed' });
    expect(screen.queryByRole('region', { name: 'Pay by bank transfer' })).toBeNull();
  });
});
