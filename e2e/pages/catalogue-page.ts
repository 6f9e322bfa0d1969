import { expect, type Locator, type Page } from '@playwright/test';

/** The catalogue on the home route, driven the way a buyer uses it. */
export class CataloguePage {
  constructor(private readonly page: Page) {}

  table(): Locator {
    return this.page.getByRole('table');
  }

  rows(): Locator {
    return this.table().locator('tbody tr');
  }

  summary(): Locator {
    return this.page.getByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+ entries$/);
  }

  async waitForRows() {
    // The default preset is written into the address first; rows before that are not the list.
    await expect
      .poll(
        () =>
          new URL(this.page.url()).searchParams.has('limit') ||
          new URL(this.page.url()).search.includes('sorting'),
      )
      .toBe(true);
    await expect(this.summary()).toBeVisible();
    await expect(this.rows().first()).toBeVisible();
    // Drawn: React renders a page's rows past the first screenful in the background.
    await expect(this.table()).not.toHaveAttribute('aria-busy');
  }

  async firstHostname(): Promise<string> {
    const link = this.rows()
      .first()
      .getByRole('link', { name: /opens in a new tab/ });
    const name = (await link.getAttribute('aria-label')) ?? (await link.textContent()) ?? '';
    return name.replace(' (opens in a new tab)', '').trim();
  }

  async openFilters() {
    await this.page.getByRole('button', { name: /^Filters(, \d+ active)?$/ }).click();
    await expect(this.page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  }

  async applyFilters() {
    await this.page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(this.page.getByRole('dialog', { name: 'Filters' })).toHaveCount(0);
  }

  async sortBy(column: string, direction: 'Sort ascending' | 'Sort descending') {
    await this.page.getByRole('button', { name: `Column options for ${column}` }).click();
    await this.page.getByRole('menuitem', { name: direction }).click();
  }
}
