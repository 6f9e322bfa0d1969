import { expect, type Locator, type Page } from '@playwright/test';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The side panel that puts an article on one site into the cart. */
export class CartPanel {
  constructor(
    private readonly page: Page,
    private readonly hostname: string,
  ) {}

  static buyButton(page: Page, hostname: string): Locator {
    return page.getByRole('button', {
      name: new RegExp(`^Buy an article on ${escapeRegExp(hostname)}`),
    });
  }

  static async open(page: Page, hostname: string): Promise<CartPanel> {
    await CartPanel.buyButton(page, hostname).click();
    const panel = new CartPanel(page, hostname);
    await expect(panel.dialog()).toBeVisible();
    await expect(panel.plan('Standard')).toBeVisible();
    return panel;
  }

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: `Publish an article on ${this.hostname}` });
  }

  plan(name: string): Locator {
    return this.dialog().getByRole('radio', { name });
  }

  topic(name: 'I will write my topic' | 'Please provide me a topic'): Locator {
    return this.dialog().getByRole('radio', { name });
  }

  articles(): Locator {
    return this.dialog().getByRole('spinbutton', { name: 'Number of articles' });
  }

  /** The chosen link type's price as shown ("€120.00" or "free"). */
  async linkTypePrice(): Promise<string> {
    const checked = this.dialog()
      .getByRole('radiogroup', { name: 'Link type' })
      .getByRole('radio', { checked: true });
    const text = (await checked.textContent()) ?? '';
    const match = /(€[\d,]+\.\d{2}|free)/.exec(text);
    if (!match?.[1]) throw new Error(`No price in "${text}"`);
    return match[1];
  }

  addButton(): Locator {
    return this.dialog().getByRole('button', { name: /^Add to cart ·/ });
  }

  addAndGoButton(): Locator {
    return this.dialog().getByRole('button', { name: 'Add to cart and go to checkout' });
  }
}
