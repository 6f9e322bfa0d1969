import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { dismissToast, toast } from '#src/lib/toast-store.ts';

import { Toaster } from './toaster.tsx';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
});

describe('toaster', () => {
  it('closes a toast after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Saved', description: 'Your data has been placed.' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('closes on Escape once F8 has moved focus to the notifications', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => void toast({ title: 'Added to blacklist' }));
    await user.keyboard('{F8}');
    expect(
      screen.getByRole('region', { name: 'Notifications (F8)' }).firstElementChild,
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Added to blacklist')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => void toast({ title: 'Import was successful' }));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Import was successful')).not.toBeInTheDocument();
  });

  it('shows one toast at a time and runs its action', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<Toaster />);
    act(() => void toast({ title: 'First' }));
    act(
      () =>
        void toast({
          title: 'Uh oh! Something went wrong.',
          description: 'There was a problem with your request.',
          variant: 'destructive',
          action: { label: 'Try again', onClick: retry },
        }),
    );
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('There was a problem with your request.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays open while the pointer moves over it, and closes on time under a resting pointer', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Hover me' }));
    // A toast drawn under the pointer gets the pointer's enter events but no movement.
    act(() => {
      for (const type of ['pointerover', 'pointerenter', 'mouseover', 'mouseenter']) {
        const bubbles = type.endsWith('over');
        screen.getByRole('status').dispatchEvent(new MouseEvent(type, { bubbles }));
      }
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();

    act(() => void toast({ title: 'Hover me' }));
    act(() => {
      screen.getByRole('status').dispatchEvent(new MouseEvent('pointermove', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    act(() => {
      screen.getByRole('status').dispatchEvent(new MouseEvent('pointerout', { bubbles: true }));
    });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });
});
