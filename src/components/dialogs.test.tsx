import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dismissToast, toast } from '#src/lib/toast-store.ts';

import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Dialog } from './dialog.tsx';
import { ErrorDialog } from './error-dialog.tsx';
import { SideSheet } from './side-sheet.tsx';
import { Toaster } from './toaster.tsx';

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open details</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Domain details"
        description="Metrics of the site"
      >
        <input aria-label="Note" />
      </Dialog>
    </>
  );
}

function VanishingButtonDialog() {
  const [asked, setAsked] = useState(false);
  return (
    <Dialog open onClose={() => undefined} title="Link health">
      {asked ? (
        <p>Restore asked for.</p>
      ) : (
        <Button onClick={() => setAsked(true)}>Ask for a restore</Button>
      )}
    </Dialog>
  );
}

describe('dialog', () => {
  it('keeps focus inside when the focused button goes away', async () => {
    const user = userEvent.setup();
    render(<VanishingButtonDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Link health' });
    await user.click(screen.getByRole('button', { name: 'Ask for a restore' }));
    await screen.findByText('Restore asked for.');
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('opens with its title, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Domain details' });
    expect(dialog).toHaveAccessibleDescription('Metrics of the site');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});

function DeleteRowHarness() {
  const [rows, setRows] = useState(['alpha.com', 'beta.com']);
  const [toDelete, setToDelete] = useState<string | null>(null);
  return (
    <main>
      <h1>Domains</h1>
      {rows.map((row) => (
        <Button key={row} onClick={() => setToDelete(row)}>
          Delete {row}
        </Button>
      ))}
      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} title="Delete?">
        <Button
          onClick={() => {
            setRows((all) => all.filter((row) => row !== toDelete));
            setToDelete(null);
          }}
        >
          Delete domain
        </Button>
      </Dialog>
    </main>
  );
}

/** A confirmation drawn only while open, whose action turns its opener off (a cancelled item). */
function CancelItemHarness() {
  const [isCancelled, setCancelled] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  return (
    <main>
      <h1>Order 100003</h1>
      <Button disabled={isCancelled} onClick={() => setConfirming(true)}>
        Cancel item
      </Button>
      {isConfirming ? (
        <ConfirmDialog
          open
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setCancelled(true);
            setConfirming(false);
          }}
          title="Cancel item?"
          description="The item is cancelled."
          confirmLabel="Cancel item"
          cancelLabel="Keep as is"
        />
      ) : null}
    </main>
  );
}

describe('focus after a dialog whose opener is gone', () => {
  it('moves to the page heading instead of staying on the page body', async () => {
    const user = userEvent.setup();
    render(<DeleteRowHarness />);
    await user.click(screen.getByRole('button', { name: 'Delete alpha.com' }));
    await user.click(await screen.findByRole('button', { name: 'Delete domain' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Domains' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete beta.com' })).toHaveFocus();
  });

  it('moves to the page heading when the opener is turned off and the dialog goes away', async () => {
    const user = userEvent.setup();
    render(<CancelItemHarness />);
    await user.click(screen.getByRole('button', { name: 'Cancel item' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel item' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Order 100003' })).toHaveFocus(),
    );
  });

  it('leaves focus on the opener when it is still there', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Domain details' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(opener).toHaveFocus();
  });
});

describe('a toast raised while a dialog is open', () => {
  afterEach(() => act(() => dismissToast()));

  // Everything outside an open dialog is inert: there a toast could be neither read nor closed.
  it('shows inside the dialog, and on the page once the dialog closes', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DialogHarness />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Domain details' });
    act(() => void toast({ title: 'Note saved' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Note saved');
    // Hidden from screen readers while the dialog is open.
    const notifications = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
    expect(notifications).not.toHaveTextContent('Note saved');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notifications).toHaveTextContent('Note saved');
  });

  it('leaves a toast raised before the dialog opened out of it, and shows it again after', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DialogHarness />
        <Toaster />
      </>,
    );
    act(() => void toast({ title: 'Import was successful' }));
    const notifications = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(notifications).toHaveTextContent('Import was successful');
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Domain details' });
    expect(dialog).not.toHaveTextContent('Import was successful');
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notifications).toHaveTextContent('Import was successful');
  });
});

describe('error dialog', () => {
  it('uses the generic title and closes with OK', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <ErrorDialog
        open
        onClose={onClose}
        message="The file is too large (25 MB). Allowed maximum size is 20 MB."
      />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong.' });
    expect(dialog).toHaveTextContent('The file is too large');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('confirm dialog', () => {
  it('confirms or cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        onClose={onClose}
        onConfirm={onConfirm}
        title="Request edits?"
        confirmLabel="Request edits"
        destructive
      />,
    );
    await screen.findByRole('alertdialog', { name: 'Request edits?' });
    await user.click(screen.getByRole('button', { name: 'Request edits' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens on Cancel before a destructive action, and on the action otherwise', async () => {
    const { unmount } = render(
      <ConfirmDialog open onClose={vi.fn()} onConfirm={vi.fn()} title="Remove Ava?" destructive />,
    );
    await screen.findByRole('alertdialog', { name: 'Remove Ava?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    unmount();
    render(<ConfirmDialog open onClose={vi.fn()} onConfirm={vi.fn()} title="Send the request?" />);
    await screen.findByRole('alertdialog', { name: 'Send the request?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus());
  });

  it('blocks both buttons while the action runs, keeping focus on Confirm', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog open onClose={vi.fn()} onConfirm={onConfirm} title="Cancel item?" pending />,
    );
    await screen.findByRole('alertdialog');
    // Still focusable (a disabled button would drop focus to the page), but refuses clicks.
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('side sheet', () => {
  it('slides in from the right by default and closes with its close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <SideSheet open onClose={onClose} title="Publish an article on example.com">
        <p>Up to 1000 words</p>
      </SideSheet>,
    );
    const sheet = await screen.findByRole('dialog', { name: 'Publish an article on example.com' });
    const panel = sheet.querySelector('[style*="max-width"]');
    expect(panel).toHaveStyle({ maxWidth: '482px' });
    expect(panel?.className).toContain('right-0');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('can slide in from the bottom', async () => {
    render(<SideSheet open onClose={vi.fn()} side="bottom" title="Filters" />);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(sheet.querySelector('.bottom-0')).not.toBeNull();
  });
});
