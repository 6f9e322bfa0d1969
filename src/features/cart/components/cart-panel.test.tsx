import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '#src/lib/db.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import {
  CASINO,
  DOMAIN_ID,
  GENERAL,
  makeCartItem,
  makeSiteDetail,
  PLANS,
  PREMIUM_ID,
  SITE_ID,
} from '#src/test-utils/factories.ts';
import { createTestQueryClient, renderRoutes } from '#src/test-utils/render.tsx';

import { listCartLineDrafts } from '../api/cart-lines.ts';
import { CartPanel } from './cart-panel.tsx';

const site = { id: SITE_ID, hostname: 'news.example.com' };

function api(overrides: (call: Call) => Response | undefined = () => undefined) {
  return (call: Call): Response => {
    const answer = overrides(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (path === `/api/v1/buyer/sites/${SITE_ID}`) return jsonResponse(makeSiteDetail());
    if (path === '/api/v1/common/content-product-plans') return jsonResponse({ data: PLANS });
    if (path === '/api/v1/buyer/domains') {
      return jsonResponse({
        data: [
          {
            id: DOMAIN_ID,
            hostname: 'shop.example.org',
            referents_file: null,
            import_status: null,
          },
        ],
        pagination: { page: 1, limit: 100, total: 1 },
      });
    }
    if (path === '/api/v1/buyer/shopping-carts/items' && call.method === 'POST') {
      return jsonResponse({ data: [makeCartItem()] }, 201);
    }
    if (path === '/api/v1/buyer/shopping-carts/sites') return jsonResponse({ data: [] });
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  };
}

function Harness(props: { nicheFilter?: string; buyerDomainFilter?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open panel
      </button>
      <CartPanel site={site} open={open} onClose={() => setOpen(false)} {...props} />
    </>
  );
}

function renderPanel(props: { nicheFilter?: string; buyerDomainFilter?: string } = {}) {
  return renderPanelWith(() => undefined, props);
}

function renderPanelWith(
  seed: (queryClient: ReturnType<typeof createTestQueryClient>) => void,
  props: { nicheFilter?: string; buyerDomainFilter?: string } = {},
) {
  const queryClient = createTestQueryClient();
  seed(queryClient);
  const { router } = renderRoutes(
    [
      { path: '/', element: <Harness {...props} /> },
      { path: '/checkout', element: <p>Checkout page</p> },
      { path: '/domains', element: <p>Domains page</p> },
    ],
    { queryClient, toaster: true },
  );
  return { router, queryClient };
}

/** The site and plans were loaded before; this visit is offline and their refresh fails. */
function renderPanelWithSavedSite() {
  setOnline(false);
  mockApi(() => {
    throw new TypeError('Failed to fetch');
  });
  const result = renderPanelWith((queryClient) => {
    queryClient.setQueryData(['buyer', 'sites', 'detail', SITE_ID, null], makeSiteDetail(), {
      updatedAt: 1,
    });
    queryClient.setQueryData(['common', 'reference', 'content-product-plans'], PLANS, {
      updatedAt: 1,
    });
    queryClient.setQueryData(
      ['buyer', 'domains', 'list', { page: 1, limit: 100 }],
      {
        data: [
          {
            id: DOMAIN_ID,
            hostname: 'shop.example.org',
            referents_file: null,
            import_status: null,
          },
        ],
        pagination: { page: 1, limit: 100, total: 1 },
      },
      { updatedAt: 1 },
    );
  });
  return result;
}

const addButton = () => screen.getByRole('button', { name: /^Add to cart ·/ });
const posts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/shopping-carts/items'));

beforeEach(async () => {
  setOnline(true);
  await db.outbox.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('cart panel', () => {
  it('shows skeletons, then the defaults: provide, own topic disabled, first link type, one article', async () => {
    mockApi(api());
    renderPanel();
    expect(
      screen.getByRole('dialog', { name: 'Publish an article on news.example.com' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading the site and content plans…')).toBeInTheDocument();

    const provide = await screen.findByRole('radio', {
      name: 'I will provide the article and image',
    });
    expect(provide).toBeChecked();
    expect(screen.getByText('No extra cost')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Standard' })).not.toBeChecked();
    expect(screen.getByText('€25.00 per link')).toBeInTheDocument();
    expect(screen.getByText('Up to 500 words')).toBeInTheDocument();
    expect(screen.getByText('Internal and trust links')).toBeInTheDocument();
    expect(screen.getByText('Everything from Standard')).toBeInTheDocument();
    expect(screen.getByText('Up to 1500 words')).toBeInTheDocument();

    const ownTopic = screen.getByRole('radio', { name: 'I will write my topic' });
    expect(ownTopic).toBeChecked();
    expect(ownTopic).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('checkbox', { name: 'The topic needs my approval' })).toBeNull();
    const linkTypes = screen.getByRole('radiogroup', { name: 'Link type' });
    expect(within(linkTypes).getByRole('radio', { name: 'General' })).toBeChecked();
    expect(within(linkTypes).getByRole('radio', { name: 'Casino' })).toHaveAccessibleDescription(
      '€200.10',
    );
    expect(screen.getByRole('radiogroup', { name: 'Article topic' })).toHaveAccessibleDescription(
      'You write the article, so you choose its topic.',
    );
    expect(screen.getByRole('spinbutton', { name: 'Number of articles' })).toHaveValue(1);
    expect(addButton()).toHaveTextContent('Add to cart · €120.00');
  });

  it('applies the plan and topic effects and keeps the running total', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(api());
    renderPanel({ nicheFilter: CASINO });
    await user.click(await screen.findByRole('radio', { name: 'Premium' }));
    expect(screen.getByRole('radio', { name: 'Casino' })).toBeChecked();
    // (200.10 + 45.50) × 1
    expect(addButton()).toHaveTextContent('€245.60');
    expect(screen.getByRole('radio', { name: 'I will write my topic' })).not.toHaveAttribute(
      'aria-disabled',
    );
    await user.click(screen.getByRole('radio', { name: 'Please provide me a topic' }));
    await user.click(screen.getByRole('checkbox', { name: 'The topic needs my approval' }));

    const counter = screen.getByRole('spinbutton', { name: 'Number of articles' });
    await user.click(screen.getByRole('button', { name: 'More articles' }));
    expect(counter).toHaveValue(2);
    expect(addButton()).toHaveTextContent('Add to cart · €491.20');

    await user.clear(counter);
    expect(counter).toHaveValue(null);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await user.type(counter, '3');
    expect(addButton()).toHaveTextContent('€736.80');

    await user.click(addButton());
    await screen.findByText('Added to cart');
    const [post] = posts(calls);
    expect(post?.body).toEqual({
      link_type: CASINO,
      buyer_domain: DOMAIN_ID,
      site: SITE_ID,
      articles_number: 3,
      article_topic: 'please_provide_me_a_topic',
      is_topic_needs_approval: true,
      content_product_plan: PREMIUM_ID,
      word_count: 1000,
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('choosing provide again clears the paid plan’s choices from the request', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(api());
    renderPanel({ buyerDomainFilter: '00000000-0000-4000-8000-00000000c0ff' });
    await user.click(await screen.findByRole('radio', { name: 'Standard' }));
    await user.click(screen.getByRole('radio', { name: 'Please provide me a topic' }));
    await user.click(screen.getByRole('checkbox', { name: 'The topic needs my approval' }));
    await user.click(screen.getByRole('radio', { name: 'I will provide the article and image' }));
    expect(screen.getByRole('radio', { name: 'I will write my topic' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'The topic needs my approval' })).toBeNull();
    expect(screen.queryByText(/^Up to \d+ words$/, { selector: 'p' })).toBeNull();

    await user.click(addButton());
    await screen.findByText('Added to cart');
    expect(posts(calls)[0]?.body).toEqual({
      link_type: GENERAL,
      buyer_domain: '00000000-0000-4000-8000-00000000c0ff',
      site: SITE_ID,
      articles_number: 1,
      article_topic: 'i_will_write_my_topic',
      is_topic_needs_approval: false,
    });
    expect(calls.some((c) => c.url.pathname === '/api/v1/buyer/domains')).toBe(false);
  });

  it('keeps the panel open with the server’s message when adding fails', async () => {
    const user = userEvent.setup();
    mockApi(
      api((call) =>
        call.method === 'POST'
          ? jsonResponse(
              {
                code: 422,
                message: 'Validation failed',
                violations: [
                  { path: 'site', message: 'This site is in your blacklist. Remove it first.' },
                ],
              },
              422,
            )
          : undefined,
      ),
    );
    renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Add to cart ·/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This site is in your blacklist. Remove it first.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says so when the buyer has no domain yet', async () => {
    mockApi(
      api((call) =>
        call.url.pathname === '/api/v1/buyer/domains'
          ? jsonResponse({ data: [], pagination: { page: 1, limit: 100, total: 0 } })
          : undefined,
      ),
    );
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Add a domain' });
    expect(link).toHaveAttribute('href', '/domains');
    expect(addButton()).toBeDisabled();
  });

  it('starts on the chosen article option once the options load, and again when reopened', async () => {
    const user = userEvent.setup();
    mockApi(api());
    renderPanel();
    const provide = await screen.findByRole('radio', {
      name: 'I will provide the article and image',
    });
    await waitFor(() => expect(provide).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened again, the options come from the cache at once.
    await user.click(screen.getByRole('button', { name: 'Open panel' }));
    await waitFor(() =>
      expect(
        screen.getByRole('radio', { name: 'I will provide the article and image' }),
      ).toHaveFocus(),
    );
  });

  it('resets when closed and opened again', async () => {
    const user = userEvent.setup();
    mockApi(api());
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Standard' }));
    await user.click(screen.getByRole('button', { name: 'Continue shopping' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Open panel' }));
    expect(
      await screen.findByRole('radio', { name: 'I will provide the article and image' }),
    ).toBeChecked();
  });

  it('keeps the line on this device while offline and says it waits to sync', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(api());
    renderPanel();
    await screen.findByRole('radio', { name: 'Standard' });
    setOnline(false);
    await user.click(addButton());
    // The toast shows in the sheet, then on the page once the sheet has closed.
    await waitFor(() => expect(screen.getByText('Waiting to sync')).toBeInTheDocument());
    expect(posts(calls)).toHaveLength(0);
    const drafts = await listCartLineDrafts();
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      refusal: null,
      payload: { site: SITE_ID, articles_number: 1 },
      summary: { hostname: 'news.example.com', linkType: 'General', total: '120.00' },
    });
    expect(drafts[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the line when the request cannot reach the server, and goes to checkout', async () => {
    const user = userEvent.setup();
    mockApi(
      api((call) => {
        if (call.method === 'POST') throw new TypeError('Failed to fetch');
        return undefined;
      }),
    );
    const { router } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Add to cart and go to checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    const drafts = await listCartLineDrafts();
    expect(drafts).toHaveLength(1);
    within(document.body).getByText('Waiting to sync');
  });

  it('offline without a saved copy of the site says the cart needs a connection, buttons off with why', async () => {
    setOnline(false);
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPanel();
    expect(
      await screen.findByText('The cart needs a connection for this site'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    const add = screen.getByRole('button', { name: 'Add to cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      "Adding to the cart needs this site's prices, which load once you are online.",
    );
    expect(screen.getByRole('button', { name: 'Add to cart and go to checkout' })).toBeDisabled();
  });

  it('offline with the site known, a failed refresh keeps the choices and says the line will wait', async () => {
    const { queryClient } = renderPanelWithSavedSite();
    await screen.findByRole('radio', { name: 'Standard' });
    expect(queryClient.getQueryState(['buyer', 'sites', 'detail', SITE_ID, null])?.status).toBe(
      'error',
    );
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    expect(addButton()).toBeEnabled();
    expect(addButton()).toHaveAccessibleDescription(
      'You are offline: the article is kept on this device and added to your cart when the connection returns.',
    );
  });
});
