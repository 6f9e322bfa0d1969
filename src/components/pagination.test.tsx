import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Pagination } from './pagination.tsx';

describe('pagination', () => {
  it('writes its figures with thousands separators, like the table cells', () => {
    render(<Pagination page={1095} limit={25} total={27372} onPageChange={vi.fn()} />);
    expect(screen.getByText('Showing 27,351 to 27,372 of 27,372 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1,095 of 1,095')).toBeInTheDocument();
  });

  it('says when there is nothing to show', () => {
    render(<Pagination page={1} limit={25} total={0} onPageChange={vi.fn()} />);
    expect(screen.getByText('No entries found')).toBeInTheDocument();
  });
});
