import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadOnce, MENU_KEYS, MountedOnUse } from './mounted-on-use.tsx';

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
  it('draws a plain button and loads nothing until it is pointed at, focused or used', async () => {
    const load = vi.fn(() => Promise.resolve({ FruitMenu }));
    renderMenu(load);
    const button = screen.getByRole('button', { name: 'Fruit' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveClass('fruit');
    expect(load).not.toHaveBeenCalled();
    await userEvent.setup().tab();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
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
});
