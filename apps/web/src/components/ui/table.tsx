import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { Column } from './column';
import { RowCards, useCardLayout } from './row-cards';

export type { Column } from './column';

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Names the table for screen readers. */
  caption: string;
  /** Makes rows open something on click, Enter or Space (e.g. /tender/{id}). */
  onRowClick?: (row: T) => void;
  /** Each clickable row's accessible name, e.g. "Tender YT-000123". */
  rowLabel?: (row: T) => string;
  className?: string;
  /** On a phone, what each row's card shows (the route first, large), and the controls under it. */
  card?: (row: T) => ReactNode;
  cardActions?: (row: T) => ReactNode;
}

/** A plain table, cards on phones; rows optionally clickable by mouse and keyboard. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  onRowClick,
  rowLabel,
  className,
  card,
  cardActions,
}: DataTableProps<T>) {
  const cards = useCardLayout();
  const onKeyDown = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };
  if (cards) {
    return (
      <RowCards
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        caption={caption}
        onRowClick={onRowClick}
        rowLabel={rowLabel}
        card={card}
        cardActions={cardActions}
      />
    );
  }
  return (
    <div className={cn('overflow-x-auto rounded-xl border border-navy-700 bg-navy-900', className)}>
      <table className="w-full min-w-max border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-850 text-xs tracking-wide text-slate-300 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn('px-4 py-3 font-semibold', column.align === 'right' && 'text-right', column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-800">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? onKeyDown(row) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
              className={cn(
                'text-slate-100',
                onRowClick &&
                  'cursor-pointer hover:bg-navy-800 focus-visible:bg-navy-800 focus-visible:outline-offset-[-2px]',
              )}
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={cn(
                    'px-4 py-3 whitespace-nowrap',
                    column.align === 'right' && 'text-right tabular-nums',
                    column.className,
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
