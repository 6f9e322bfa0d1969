import { expect, type Locator, type Page } from '@playwright/test';

/** One order's page: the header and the items table. */
export class OrderPage {
  constructor(private readonly page: Page) {}

  async goto(orderId: string) {
    await this.page.goto(`/orders/${orderId}`);
    await this.waitForItems();
  }

  async waitForItems() {
    await expect(this.page.getByRole('table', { name: 'Order items' })).toBeVisible();
    await expect(
      this.page.getByRole('table', { name: 'Order items' }).getByRole('rowheader').first(),
    ).toBeVisible();
  }

  row(itemNumber: string): Locator {
    return this.page
      .getByRole('table', { name: 'Order items' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: itemNumber }) });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  async expectToast(text: string) {
    await expect(this.page.getByText(text)).toBeVisible();
  }
}
