import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { DataTable, type TableColumn } from './data-table.tsx';

interface Row {
  id: string;
  number: string;
  company: string;
  total: string;
}

const rows: Row[] = [
  { id: 'a', number: '1001', company: 'Northwind', total: '€120.00' },
  { id: 'b', number: '1002', company: 'Contoso', total: '€80.00' },
];

const columns: TableColumn<Row>[] = [
  { id: 'number', label: 'Number', sortKey: 'number', isFixed: true, render: (r) => r.number },
  { id: 'company', label: 'Company', render: (r) => r.company },
  { id: 'total', label: 'Total', sortKey: 'price', align: 'right', render: (r) => r.total },
  {
    id: '_view',
    label: 'Actions',
    isFixed: true,
    pinEnd: true,
    render: (r) => <a href={`/orders/${r.id}`}>View order {r.number}</a>,
  },
];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const onSort = vi.fn();
  const onHide = vi.fn();
  const view = render(
    <DataTable
      caption="Your orders"
      rows={rows}
      rowKey={(r) => r.id}
      columns={columns}
      hidden={[]}
      isLoading={false}
      onSort={onSort}
      onHide={onHide}
      {...props}
    />,
  );
  return { onSort, onHide, ...view };
}

const sortButton = (name: string) =>
  within(screen.getByRole('columnheader', { name: new RegExp(name) })).getByRole('button', {
    name,
  });

describe('the header row from the keyboard', () => {
  it('is one tab stop, and the arrow keys move between the column headers', async () => {
    renderTable();
    const user = userEvent.setup();

    await user.tab(); // the scroll box
    await user.tab();
    expect(sortButton('Number')).toHaveFocus();
    // The header's other controls are not tab stops: the next Tab is in the first row.
    await user.tab();
    expect(screen.getByRole('link', { name: 'View order 1001' })).toHaveFocus();

    await user.tab({ shift: true });
    expect(sortButton('Number')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    // Company cannot be sorted: its stop is its column menu.
    expect(screen.getByRole('button', { name: 'Column options for Company' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(sortButton('Total')).toHaveFocus();
    // The actions column has nothing to press: Total is the last stop.
    await user.keyboard('{ArrowRight}');
    expect(sortButton('Total')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(sortButton('Number')).toHaveFocus();
    await user.keyboard('{End}');
    expect(sortButton('Total')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Column options for Company' })).toHaveFocus();
  });

  it('comes back to the header used last', async () => {
    renderTable();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.keyboard('{End}');
    await user.tab();
    expect(screen.getByRole('link', { name: 'View order 1001' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(sortButton('Total')).toHaveFocus();
    const stops = screen
      .getAllByRole('columnheader')
      .flatMap((header) => within(header).queryAllByRole('button'))
      .filter((control) => control.tabIndex === 0);
    expect(stops).toEqual([sortButton('Total')]);
  });

  it('sorts with Enter and Space, and says so with aria-sort', async () => {
    const { onSort, rerender } = renderTable();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.keyboard('{End}');
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('price', 'ASC');
    await user.keyboard(' ');
    expect(onSort).toHaveBeenCalledTimes(2);

    rerender(
      <DataTable
        caption="Your orders"
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        hidden={[]}
        isLoading={false}
        sorting={{ column: 'price', direction: 'DESC' }}
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Total/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Number/ })).not.toHaveAttribute('aria-sort');
  });

  it('opens a column menu with the Down arrow, and returns to the header on Escape', async () => {
    const { onHide } = renderTable();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sort ascending' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Column options for Number' })).toHaveFocus();
    // Still in the header row: the arrows go on from here.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Column options for Company' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Hide column' }));
    expect(onHide).toHaveBeenCalledWith('company');
  });
});

describe('hiding a column from its menu', () => {
  function TableWithHiding() {
    const [hidden, setHidden] = useState<string[]>([]);
    return (
      <DataTable
        caption="Your orders"
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        hidden={hidden}
        isLoading={false}
        onSort={() => undefined}
        onHide={(id) => setHidden((current) => [...current, id])}
      />
    );
  }

  it("gives focus to the next header's control, as the hidden one's button goes with it", async () => {
    render(<TableWithHiding />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Column options for Company' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide column' }));
    expect(screen.queryByRole('columnheader', { name: /Company/ })).not.toBeInTheDocument();
    await waitFor(() => expect(sortButton('Total')).toHaveFocus());
    // Still the header row's one stop.
    await user.keyboard('{ArrowLeft}');
    expect(sortButton('Number')).toHaveFocus();
  });
});

describe('rows as cards on a phone', () => {
  it('names each cell after its column, for eyes only, and keeps the row actions', () => {
    renderTable({ stackOnPhone: true });
    const table = screen.getByRole('table', { name: 'Your orders' });
    expect(table).toHaveClass('max-md:block');
    // The header row stays for screen readers.
    expect(table.querySelector('thead')).toHaveClass('max-md:sr-only');
    const row = screen.getByRole('rowheader', { name: '1001' }).closest('tr')!;
    expect(row).toHaveClass('max-md:block');
    const total = within(row).getByRole('cell', { name: '€120.00' });
    // The name is drawn from an attribute: the cell's text is its value alone.
    expect(total).toHaveTextContent(/^€120\.00$/);
    const label = total.querySelector('[data-label]')!;
    expect(label).toHaveAttribute('data-label', 'Total');
    expect(label).toHaveAttribute('aria-hidden', 'true');
    expect(label).toHaveClass('md:hidden');
    expect(total).toHaveClass('max-md:flex');
    // The actions are in every card; nothing is pinned on a phone.
    const actions = within(row).getByRole('link', { name: 'View order 1001' }).closest('td')!;
    expect(actions).toHaveClass('md:sticky', 'md:right-0');
    expect(actions).not.toHaveClass('sticky');
  });

  it('stays a table when not asked to stack', () => {
    renderTable();
    const row = screen.getByRole('rowheader', { name: '1001' }).closest('tr')!;
    expect(row.querySelector('[data-label]')).toBeNull();
    expect(within(row).getByRole('link', { name: 'View order 1001' }).closest('td')).toHaveClass(
      'sticky',
      'right-0',
    );
  });
});

describe('pinned columns', () => {
  it('are edged with a shadow only while columns lie under them', () => {
    renderTable({ stickyFirst: true });
    const box = screen.getByRole('region', { name: 'Your orders' });
    // jsdom lays nothing out: a table 300 px wider than its box.
    Object.defineProperty(box, 'clientWidth', { value: 500 });
    Object.defineProperty(box, 'scrollWidth', { value: 800 });
    const first = screen.getByRole('rowheader', { name: '1001' });
    const actions = screen.getByRole('link', { name: 'View order 1001' }).closest('td')!;

    fireEvent.scroll(box);
    expect(first).not.toHaveClass('after:bg-linear-to-r');
    expect(actions).toHaveClass('after:bg-linear-to-l');

    box.scrollLeft = 300;
    fireEvent.scroll(box);
    expect(first).toHaveClass('after:bg-linear-to-r');
    expect(actions).not.toHaveClass('after:bg-linear-to-l');
  });
});

describe('a table wider than its box', () => {
  it('says under it on which side more columns lie, and nothing once all are in view', async () => {
    const width = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1249);
    const box = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1214);
    try {
      renderTable();
      const hint = await screen.findByTestId('table-scroll-hint');
      expect(hint).toHaveTextContent('More columns to the right: scroll the table sideways →');
      expect(hint).toHaveAttribute('aria-hidden', 'true');
      const region = screen.getByRole('region', { name: 'Your orders' });
      region.scrollLeft = 35;
      fireEvent.scroll(region);
      await waitFor(() =>
        expect(screen.getByTestId('table-scroll-hint')).toHaveTextContent(
          '← More columns to the left: scroll the table sideways',
        ),
      );
      width.mockReturnValue(1214);
      region.scrollLeft = 0;
      fireEvent.scroll(region);
      await waitFor(() =>
        expect(screen.queryByTestId('table-scroll-hint')).not.toBeInTheDocument(),
      );
    } finally {
      width.mockRestore();
      box.mockRestore();
    }
  });
});
