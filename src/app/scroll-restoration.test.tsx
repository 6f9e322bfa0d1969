import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderInMemoryRouter, type TestRouter } from '#src/test-utils/render.tsx';

import { ScrollRestoration } from './scroll-restoration.tsx';

let router: TestRouter;
let scrollTo: ReturnType<typeof vi.fn>;
const navigate = (to: string | number) => router.navigate(to);

function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  window.dispatchEvent(new Event('scroll'));
}

function setup(initialEntries = ['/']) {
  const rendered = renderInMemoryRouter(
    <>
      <Link to="/orders">Orders</Link>
      <ScrollRestoration />
      <div id="pricing">Pricing</div>
    </>,
    { initialEntries },
  );
  router = rendered.router;
  return rendered;
}

beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  sessionStorage.clear();
});

describe('ScrollRestoration', () => {
  it('opens a new page at its top and returns to the recorded position on Back', async () => {
    setup();
    scrollBy(640);
    await navigate('/orders');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollBy(90);
    // The new page is shorter: a scroll event clipped by it must not overwrite the first page's.
    await navigate(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await navigate(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 90);
  });

  it('leaves the page where it is when its query is replaced, and opens a redirect at its top', async () => {
    setup();
    scrollBy(640);
    scrollTo.mockClear();
    await router.navigate('/?page=2', { replace: true });
    expect(scrollTo).not.toHaveBeenCalled();
    await router.navigate('/orders', { replace: true });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('waits for a page still too short to hold the position, until the buyer scrolls', async () => {
    setup();
    scrollBy(2400);
    await navigate('/orders');
    scrollBy(0);
    // The list draws its rows in slices: for now the page cannot scroll that far.
    await navigate(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 2400);
    const tries = scrollTo.mock.calls.length;
    await vi.waitFor(() => expect(scrollTo.mock.calls.length).toBeGreaterThan(tries + 2));
    // The rows are in: the next try reaches the position, and the tries stop.
    scrollTo.mockImplementation((_x: number, y: number) => scrollBy(y));
    await vi.waitFor(() => expect(window.scrollY).toBe(2400));
    const reached = scrollTo.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scrollTo.mock.calls.length).toBe(reached);

    // Going forward and back again, the buyer's own scrolling stops the tries at once.
    scrollTo.mockReset();
    await navigate(1);
    scrollBy(0);
    await navigate(-1);
    window.dispatchEvent(new Event('wheel'));
    const afterWheel = scrollTo.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(scrollTo.mock.calls.length).toBe(afterWheel);
  });

  it('scrolls to the element an address names after #', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    setup();
    scrollTo.mockClear();
    await navigate('/#pricing');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps positions across a reload of the page', async () => {
    const first = setup();
    await navigate('/orders');
    scrollBy(300);
    await navigate('/');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem('scroll_positions')).toContain('300');
    first.unmount();
  });

  it('tells the entries the app did not create apart by their address', async () => {
    const first = setup(['/orders']);
    scrollBy(500);
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    scrollTo.mockClear();
    // Another address typed into the same tab: not the position of /orders.
    setup(['/']);
    expect(scrollTo).not.toHaveBeenCalledWith(0, 500);
  });

  it('starts without saved positions when the stored value is damaged', () => {
    sessionStorage.setItem('scroll_positions', '{not json');
    expect(() => setup()).not.toThrow();
  });
});
