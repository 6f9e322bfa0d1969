import { readFileSync } from 'node:fs';
import path from 'node:path';

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { FLAG_PLACEHOLDER_DELAY_MS } from '#src/config/constants.ts';

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
  const image = (container: HTMLElement) => container.querySelector('img');

  it('draws the image over its placeholder, hidden for the first 200 ms by its animation', () => {
    const { container } = render(<CountryFlag code="DE" />);
    const placeholder = screen.getByTestId('flag-placeholder');
    expect(placeholder).toHaveClass('absolute', 'bg-slate-200');
    const flag = image(container)!;
    expect(flag).toHaveAttribute('src', '/api/v1/common/flags/de.svg');
    // Positioned and after the placeholder in the document: painted over it once shown.
    expect(flag).toHaveClass('relative', 'animate-flag-in');
    expect(placeholder.compareDocumentPosition(flag)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("keeps the spec's 200 ms in the animation's delay", () => {
    const css = readFileSync(path.resolve('src/index.css'), 'utf8');
    const animation = /--animate-flag-in:\s*flag-in\s+0s\s+linear\s+(\d+)ms\s+both;/.exec(css);
    expect(Number(animation?.[1])).toBe(FLAG_PLACEHOLDER_DELAY_MS);
    expect(css).toMatch(/@keyframes flag-in\s*{\s*from\s*{\s*opacity:\s*0;/);
  });

  it('keeps the placeholder when the image fails', () => {
    const { container } = render(<CountryFlag code="QQ" size="lg" />);
    fireEvent.error(image(container)!);
    expect(screen.getByTestId('flag-placeholder')).toHaveClass('h-6', 'w-8');
    expect(image(container)).toBeNull();
  });

  it('shows only the placeholder for a code that has no flag', () => {
    const { container } = render(<CountryFlag code="unknown" />);
    expect(image(container)).toBeNull();
    expect(screen.getByTestId('flag-placeholder')).toBeInTheDocument();
  });
});
