import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { RowCards, useCardLayout } from './row-cards';
import { LoadingMore } from './spinner';
import type { Column } from './table';

export interface VirtualColumn<T> extends Column<T> {
  /** The column's width (CSS), e.g. '9rem' or '20%': the table lays out by these, so rows never shift. */
  width: string;
  /** The text shown when a cell is cut short (long names). */
  title?: (row: T) => string | undefined;
}

export interface VirtualTableProps<T> {
  columns: readonly VirtualColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Names the table (and its scroll area) for screen readers. */
  caption: string;
  /**
   * How many rows exist in all (more than `rows` while pages are still to come); read as the row count. Null:
   * more than are loaded, how many is not known.
   */
  totalRows?: number | null;
  /** Makes rows open something on click, Enter or Space. */
  onRowClick?: (row: T) => void;
  /** Each clickable row's accessible name, e.g. "Tender YT-000123". */
  rowLabel?: (row: T) => string;
  /** Called when the last rendered rows come near the end of `rows` (load the next page). */
  onEndReached?: () => void;
  /** A next page is on its way: a spinner with this text shows under the rows. */
  loadingMoreText?: string;
  /** Each row's height in pixels (rows are one line high; long texts are cut with an ellipsis). */
  rowHeight?: number;
  /** The narrowest the table gets before it scrolls sideways (CSS length). */
  minWidth?: string;
  className?: string;
  /** On a phone, what each row's card shows (the route first, large), instead of the columns as label–value pairs. */
  card?: (row: T) => ReactNode;
  /** Controls under a phone's card (e.g. Track), outside its clickable body. */
  cardActions?: (row: T) => ReactNode;
}

const END_THRESHOLD_ROWS = 20;

/**
 * A table that renders only the rows in view (plus a few around them), so lists of any length scroll
 * smoothly. The table scrolls inside its own area with a sticky header; rows are optionally clickable by
 * mouse and keyboard; screen readers hear the full row count and each row's position.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  // phones get the rows as cards: the loaded pages in full (a few hundred at most), the next one at the end;
  // the cards need no virtualizer, so a phone never builds one
  return useCardLayout() ? <RowCards {...props} /> : <VirtualRows {...props} />;
}

/** The table itself, on wider screens: only the rows in view are in the page. */
function VirtualRows<T>({
  columns,
  rows,
  rowKey,
  caption,
  totalRows,
  onRowClick,
  rowLabel,
  onEndReached,
  loadingMoreText,
  rowHeight = 48,
  minWidth = '48rem',
  className,
}: VirtualTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastIndex >= rows.length - 1 - END_THRESHOLD_ROWS) onEndReached();
  }, [lastIndex, rows.length, onEndReached]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  const onKeyDown = (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    // keys pressed on a control inside the row (an action button) belong to that control
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={caption}
      // rows are focusable when clickable; otherwise the area itself takes focus so it scrolls by keyboard
      tabIndex={onRowClick ? undefined : 0}
      className={cn(
        'max-h-[calc(100dvh-18rem)] min-h-40 overflow-auto rounded-xl border border-navy-700 bg-navy-900',
        className,
      )}
    >
      <table
        className="w-full table-fixed border-collapse text-left text-sm"
        style={{ minWidth }}
        // -1 is ARIA's "the number of rows is not known"
        aria-rowcount={totalRows === null ? -1 : (totalRows ?? rows.length) + 1}
      >
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead className="text-xs tracking-wide text-slate-300 uppercase">
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  'sticky top-0 z-10 bg-navy-850 px-4 py-3 font-semibold shadow-[inset_0_-1px_0] shadow-navy-700',
                  column.align === 'right' && 'text-right',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <tr
                key={rowKey(row)}
                aria-rowindex={item.index + 2}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? onKeyDown(row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
                style={{ height: rowHeight }}
                className={cn(
                  'border-b border-navy-800 text-slate-100',
                  onRowClick &&
                    'cursor-pointer hover:bg-navy-800 focus-visible:bg-navy-800 focus-visible:outline-offset-[-2px]',
                )}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    title={column.title?.(row)}
                    className={cn(
                      'truncate px-4 py-2',
                      column.align === 'right' && 'text-right tabular-nums',
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {loadingMoreText && <LoadingMore text={loadingMoreText} />}
    </div>
  );
}
