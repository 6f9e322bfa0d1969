import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TextField } from './text-field.tsx';

describe('text field', () => {
  it('links its label and description to the input', () => {
    render(<TextField label="API base URL" description="Leave empty to use /api." />);
    const input = screen.getByLabelText('API base URL');
    expect(input).toHaveAccessibleDescription('Leave empty to use /api.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the input invalid and describes it with the error', () => {
    render(<TextField label="Email" error="Invalid email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid email');
  });
});
