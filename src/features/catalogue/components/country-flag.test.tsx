import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountryFlag, flagUrl } from './country-flag.tsx';

describe('flagUrl', () => {
  it('points at the SVG flag of a two-letter code under the API base', () => {
    expect(flagUrl(' DE ')).toBe('/api/v1/common/flags/de.svg');
    expect(flagUrl('gb')).toBe('/api/v1/common/flags/gb.svg');
  });

  it.each(['', 'DEU', 'D', '1a', '../x'])('has no flag for %j', (code) => {
    expect(flagUrl(code)).toBeNull();
  });
});

describe('CountryFlag', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const image = (container: HTMLElement) => container.querySelector('img');

  it('shows the placeholder for 200 ms even when the image is there at once', async () => {
    const { container } = render(<CountryFlag code="DE" />);
    fireEvent.load(image(container)!);
    expect(screen.getByTestId('flag-placeholder')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(199);
    });
    expect(screen.getByTestId('flag-placeholder')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByTestId('flag-placeholder')).not.toBeInTheDocument();
    expect(image(container)).toHaveAttribute('src', '/api/v1/common/flags/de.svg');
    expect(image(container)).not.toHaveClass('opacity-0');
  });

  it('keeps the placeholder while the image loads', async () => {
    const { container } = render(<CountryFlag code="FR" size="lg" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByTestId('flag-placeholder')).toBeInTheDocument();
    expect(image(container)).toHaveClass('opacity-0');
    fireEvent.load(image(container)!);
    expect(screen.queryByTestId('flag-placeholder')).not.toBeInTheDocument();
  });

  it('keeps the placeholder when the image fails', async () => {
    const { container } = render(<CountryFlag code="QQ" />);
    fireEvent.error(image(container)!);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByTestId('flag-placeholder')).toBeInTheDocument();
    expect(image(container)).toBeNull();
  });

  it('shows only the placeholder for a code that has no flag', () => {
    const { container } = render(<CountryFlag code="unknown" />);
    expect(image(container)).toBeNull();
    expect(screen.getByTestId('flag-placeholder')).toBeInTheDocument();
  });
});
