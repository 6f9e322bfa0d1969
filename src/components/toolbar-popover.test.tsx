import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dismissToast, toast } from '#src/lib/toast-store.ts';

import { PHONE_QUERY, ToolbarPopover } from './toolbar-popover.tsx';

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

/** A window as wide as a phone (390 px) or a laptop, as far as media queries tell. */
function viewportOf(isPhone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY ? isPhone : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function Harness() {
  return (
    <main>
      <h1>Catalogue</h1>
      <ToolbarPopover
        label="Saved filters"
        title="Saved filters"
        widthClass="w-80"
        buttonRef={() => {}}
      >
        {({ close }) => (
          <>
            <label>
              Filter name <input />
            </label>
            <button type="button" onClick={close}>
              Apply niche x
            </button>
            <button type="button" onClick={() => toast({ title: 'Filter saved' })}>
              Save filter
            </button>
          </>
        )}
      </ToolbarPopover>
    </main>
  );
}

describe('a toolbar popover on a phone', () => {
  it('opens as a modal sheet that keeps focus, closes on Escape and gives focus back', async () => {
    viewportOf(true);
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Saved filters' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Saved filters' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes from its content and shows a toast raised in it inside itself', async () => {
    viewportOf(true);
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Saved filters' });
    await user.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Saved filters' });
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(sheet).toHaveTextContent('Filter saved');
    await user.click(screen.getByRole('button', { name: 'Apply niche x' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

describe('a toolbar popover from the sm width up', () => {
  it('hangs under its button without taking the page', async () => {
    viewportOf(false);
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    expect(await screen.findByRole('button', { name: 'Apply niche x' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Apply niche x' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Saved filters' })).toHaveFocus();
  });
});
