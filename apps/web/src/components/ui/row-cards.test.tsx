import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './table';

interface Row {
  id: number;
  number: string;
  city: string;
}

const columns: Column<Row>[] = [
  { key: 'number', header: 'Number', cell: (row) => row.number },
  { key: 'city', header: 'City', cell: (row) => row.city },
];
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, number: `YT-${i + 1}`, city: 'Toshkent' }));

/** The window as a phone's (narrower than 640 px) for the media queries. */
function phoneScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** Two rows that record which one is opened, each titled "Tender <number>". */
const twoOpenableRows = (opened: number[]) => ({
  columns,
  rows: rows.slice(0, 2),
  rowKey: (row: Row) => row.id,
  caption: 'Tenders',
  onRowClick: (row: Row) => opened.push(row.id),
  rowLabel: (row: Row) => `Tender ${row.number}`,
});

describe('lists on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are a table on a wide screen', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} caption="Tenders" />);
    expect(screen.getByRole('table', { name: 'Tenders' })).toBeInTheDocument();
  });

  it('become cards below 640 px: the first column as the title, the others as labelled facts', () => {
    phoneScreen();
    render(<DataTable columns={columns} rows={rows} rowKey={(row) => row.id} caption="Tenders" />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Tenders' });
    const cards = within(list).getAllByRole('listitem');
    // drawn a screenful at a time
    expect(cards.length).toBeLessThan(rows.length);
    expect(cards[0]).toHaveTextContent('YT-1');
    expect(within(cards[0] as HTMLElement).getByText('City').tagName).toBe('DT');
    expect(within(cards[0] as HTMLElement).getByText('Toshkent').tagName).toBe('DD');
  });

  it('open their row from the card or, by keyboard, from its title', async () => {
    phoneScreen();
    const opened: number[] = [];
    render(<DataTable {...twoOpenableRows(opened)} />);
    const user = userEvent.setup();
    await user.click(screen.getAllByText('Toshkent')[1] as HTMLElement);
    screen.getByRole('button', { name: 'Tender YT-1' }).focus();
    await user.keyboard('{Enter}');
    expect(opened).toEqual([2, 1]);
  });
  it('show a thumb card instead of label–value pairs when the list gives one, its controls outside the card’s link', async () => {
    phoneScreen();
    const opened: number[] = [];
    const tracked: number[] = [];
    render(
      <DataTable
        {...twoOpenableRows(opened)}
        card={(row) => <span>{`${row.city} → Samarqand`}</span>}
        cardActions={(row) => (
          <button type="button" onClick={() => tracked.push(row.id)}>
            Track
          </button>
        )}
      />,
    );
    const list = screen.getByRole('list', { name: 'Tenders' });
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).queryByText('City')).toBeNull();
    const title = within(first!).getByRole('button', { name: 'Tender YT-1' });
    expect(title).toHaveTextContent('Toshkent → Samarqand');
    await userEvent.click(within(first!).getByRole('button', { name: 'Track' }));
    expect(tracked).toEqual([1]);
    expect(opened).toEqual([]);
    await userEvent.click(title);
    expect(opened).toEqual([1]);
  });
});
