import { expect, type Locator, type Page } from '@playwright/test';

/** /checkout: the cart's rows, billing, payment and the order. */
export class CheckoutPage {
  constructor(private readonly page: Page) {}

  table(): Locator {
    return this.page.getByRole('table', { name: 'Articles in your cart' });
  }

  rows(): Locator {
    return this.table().locator('tbody tr');
  }

  field(label: string, row: number, hostname: string): Locator {
    return this.page.getByLabel(`${label}, row ${row}, ${hostname}`, { exact: true });
  }

  /** Types into a row's field and leaves it, which saves the row. */
  async fill(label: string, row: number, hostname: string, value: string) {
    const field = this.field(label, row, hostname);
    await field.fill(value);
    await field.blur();
    await expect(this.page.getByText('Saving…')).toHaveCount(0);
  }

  paymentMethod(name: 'Bank transfer' | 'Credits' | 'Pay by bill'): Locator {
    return this.page.getByRole('radio', { name });
  }

  orderNow(): Locator {
    return this.page.getByRole('button', { name: 'Order now' });
  }

  totalWithVat(): Locator {
    return this.page.getByTestId('total-with-vat');
  }

  successHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Your order has been placed' });
  }
}
