import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { reportNoAnswer, resetConnection } from '#src/lib/connection.ts';
import { dismissToast, getToast } from '#src/lib/toast-store.ts';
import { setOnline } from '#src/test-utils/api.ts';

import { loadOnce, MENU_KEYS, MountedOnUse, NOT_SAVED_OFFLINE } from './mounted-on-use.tsx';

/** The widget a loader would bring: a Headless UI menu whose button takes `buttonRef`. */
function FruitMenu({ buttonRef }: { buttonRef: (element: HTMLElement | null) => void }) {
  return (
    <Menu>
      <MenuButton ref={buttonRef} className="fruit">
        Fruit
      </MenuButton>
      <MenuItems modal={false}>
        {['Apple', 'Banana', 'Cherry'].map((fruit) => (
          <MenuItem key={fruit}>
            <button type="button">{fruit}</button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

function renderMenu(load: () => Promise<{ FruitMenu: typeof FruitMenu }>) {
  return render(
    <MountedOnUse load={load} keys={MENU_KEYS} trigger={{ className: 'fruit', children: 'Fruit' }}>
      {(module, buttonRef) => <module.FruitMenu buttonRef={buttonRef} />}
    </MountedOnUse>,
  );
}

describe('MountedOnUse', () => {
  it('draws a plain button and loads nothing until it is used', async () => {
    const load = vi.fn(() => Promise.resolve({ FruitMenu }));
    renderMenu(load);
    const button = screen.getByRole('button', { name: 'Fruit' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveClass('fruit');
    const user = userEvent.setup();
    // Pointing at it or tabbing to it loads nothing: a failed load would reload the page.
    await user.hover(button);
    await user.tab();
    expect(button).toHaveFocus();
    expect(load).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens on the key that was pressed, with the item that key makes active', async () => {
    renderMenu(() => Promise.resolve({ FruitMenu }));
    const user = userEvent.setup();
    const placeholder = screen.getByRole('button', { name: 'Fruit' });
    placeholder.tabIndex = -1; // a roving tab stop that is not the current one
    placeholder.focus();
    await user.keyboard('{ArrowUp}');
    const menu = await screen.findByRole('menu');
    await waitFor(() =>
      expect(menu).toHaveAttribute(
        'aria-activedescendant',
        within(menu).getByRole('menuitem', { name: 'Cherry' }).id,
      ),
    );
    await user.keyboard('{Escape}');
    const real = screen.getByRole('button', { name: 'Fruit' });
    expect(real).not.toBe(placeholder);
    expect(real).toHaveFocus();
    expect(real.tabIndex).toBe(-1);
  });

  it('opens a widget whose button only takes clicks on the first Enter or Space', async () => {
    // A toolbar's sheet on a phone: a plain button that opens a dialog on click.
    function Sheet({ buttonRef }: { buttonRef: (element: HTMLElement | null) => void }) {
      const [isOpen, setOpen] = useState(false);
      return (
        <>
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={isOpen}
            onClick={() => setOpen(true)}
          >
            Columns
          </button>
          {isOpen && <div role="dialog" aria-label="Columns" />}
        </>
      );
    }
    for (const key of ['{Enter}', ' ']) {
      const { unmount } = render(
        <MountedOnUse load={() => Promise.resolve({ Sheet })} trigger={{ children: 'Columns' }}>
          {(module, buttonRef) => <module.Sheet buttonRef={buttonRef} />}
        </MountedOnUse>,
      );
      const user = userEvent.setup();
      await user.tab();
      await user.keyboard(key);
      expect(await screen.findByRole('dialog', { name: 'Columns' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Columns' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      unmount();
    }
  });

  it('opens on a click with no item active, and stays mounted', async () => {
    renderMenu(() => Promise.resolve({ FruitMenu }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fruit' }));
    const menu = await screen.findByRole('menu');
    expect(menu).not.toHaveAttribute('aria-activedescendant');
    await user.click(within(menu).getByRole('menuitem', { name: 'Banana' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fruit' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('does not open when the user has moved on while the code loaded', async () => {
    let deliver: (module: { FruitMenu: typeof FruitMenu }) => void = () => undefined;
    const load = () =>
      new Promise<{ FruitMenu: typeof FruitMenu }>((resolve) => (deliver = resolve));
    render(
      <>
        <MountedOnUse load={load} keys={MENU_KEYS} trigger={{ children: 'Fruit' }}>
          {(module, buttonRef) => <module.FruitMenu buttonRef={buttonRef} />}
        </MountedOnUse>
        <input aria-label="Search" />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fruit' }));
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    deliver({ FruitMenu });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Fruit' })).toHaveAttribute(
        'aria-haspopup',
        'menu',
      ),
    );
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('keeps the plain button when the code cannot load, and tries again on the next use', async () => {
    let isOffline = true;
    let attempts = 0;
    const load = loadOnce(() => {
      attempts += 1;
      return isOffline
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ FruitMenu });
    });
    renderMenu(load);
    const user = userEvent.setup();
    const placeholder = screen.getByRole('button', { name: 'Fruit' });
    await user.click(placeholder);
    await waitFor(() => expect(placeholder).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fruit' })).toBe(placeholder);
    const failedAttempts = attempts;
    isOffline = false;
    await user.click(placeholder);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(attempts).toBe(failedAttempts + 1);
  });

  it('says why when it cannot open offline', async () => {
    dismissToast();
    setOnline(false);
    renderMenu(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const user = userEvent.setup();
    const placeholder = screen.getByRole('button', { name: 'Fruit' });
    await user.click(placeholder);
    await waitFor(() => expect(getToast()).toMatchObject(NOT_SAVED_OFFLINE));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    vi.restoreAllMocks();
    dismissToast();
  });

  it('says why when the server cannot be reached though the browser claims a connection', async () => {
    dismissToast();
    reportNoAnswer();
    try {
      renderMenu(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Fruit' }));
      await waitFor(() => expect(getToast()).toMatchObject(NOT_SAVED_OFFLINE));
    } finally {
      resetConnection();
      dismissToast();
    }
  });

  it('takes a module that resolved to nothing (a cancelled chunk error) as not loaded', async () => {
    let isCancelled = true;
    const load = loadOnce(() =>
      Promise.resolve(
        isCancelled ? (undefined as unknown as { FruitMenu: typeof FruitMenu }) : { FruitMenu },
      ),
    );
    renderMenu(load);
    const user = userEvent.setup();
    const placeholder = screen.getByRole('button', { name: 'Fruit' });
    await user.click(placeholder);
    await waitFor(() => expect(placeholder).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('button', { name: 'Fruit' })).toBe(placeholder);
    isCancelled = false;
    await user.click(placeholder);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
