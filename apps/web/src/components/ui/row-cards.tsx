import { useDeferredValue, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { LoadingMore } from './spinner';
import type { Column } from './column';

/** Below this width (Tailwind's sm) a table's rows become cards: a phone never scrolls a list sideways. */
export const CARD_SCREEN_BELOW = '(min-width: 640px)';

/** Whether lists show as cards here (narrower than 640 px). */
export function useCardLayout(): boolean {
  return !useMediaQuery(CARD_SCREEN_BELOW);
}

/** The first render's rows, before the deferred render draws them (one array: the same value each render). */
const NO_ROWS: readonly never[] = [];

/** Cards drawn at first, and added each time the end of the list comes into view. */
const CARDS_AT_ONCE = 12;

export interface RowCardsProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  caption: string;
  onRowClick?: ((row: T) => void) | undefined;
  rowLabel?: ((row: T) => string) | undefined;
  /** Called when the end of the list comes into view (load the next page). */
  onEndReached?: (() => void) | undefined;
  loadingMoreText?: string | undefined;
  /** What each card shows, for lists a thumb scans (the route first, large); else the columns as label–value pairs. */
  card?: ((row: T) => ReactNode) | undefined;
  /** Controls under a card (e.g. Track), outside its clickable body. */
  cardActions?: ((row: T) => ReactNode) | undefined;
}

/**
 * A table's rows as cards, for phones: the first column is the card's title, the others follow as
 * label–value pairs under their column headers. A clickable card opens its row from anywhere on it, and from
 * its title by keyboard; buttons inside a card keep their own clicks.
 */
export function RowCards<T>({
  columns,
  rows,
  rowKey,
  caption,
  onRowClick,
  rowLabel,
  onEndReached,
  loadingMoreText,
  card,
  cardActions,
}: RowCardsProps<T>) {
  const endRef = useRef<HTMLDivElement>(null);
  // a phone draws the cards a screenful or two at a time, as the list is scrolled; the next page is asked
  // for once every loaded card is drawn
  const [shown, setShown] = useState(CARDS_AT_ONCE);
  // rows (the first page arriving, the next, a filter changing) are drawn in an interruptible render, not one
  // long task: the list mounts empty and its cards follow in a render that yields to the browser
  const deferredRows = useDeferredValue(rows, NO_ROWS);
  const visible = deferredRows.slice(0, shown);
  useEffect(() => {
    const end = endRef.current;
    if (!end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      if (shown < rows.length) setShown((count) => count + CARDS_AT_ONCE);
      else onEndReached?.();
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [onEndReached, rows.length, shown]);

  const [first, ...rest] = columns;
  const open = (row: T) => (event: MouseEvent<HTMLLIElement>) => {
    const control = (event.target as HTMLElement).closest('button, a, input, select, textarea');
    if (control && control.getAttribute('data-card-title') === null) return;
    onRowClick?.(row);
  };

  return (
    <div>
      <ul aria-label={caption} className="flex flex-col gap-3">
        {visible.map((row) => (
          <li
            key={rowKey(row)}
            onClick={onRowClick ? open(row) : undefined}
            className={cn(
              'rounded-xl border border-navy-700 bg-navy-900 p-4 text-sm text-slate-100',
              onRowClick && 'cursor-pointer hover:bg-navy-850',
            )}
          >
            {card && onRowClick && (
              <button
                type="button"
                data-card-title
                aria-label={rowLabel?.(row)}
                className="block min-h-11 w-full text-left"
                onClick={(event) => {
                  event.stopPropagation();
                  onRowClick(row);
                }}
              >
                {card(row)}
              </button>
            )}
            {card && !onRowClick && card(row)}
            {card && cardActions && <div className="mt-3 flex flex-wrap items-center gap-2">{cardActions(row)}</div>}
            {!card && first && (
              <div className="mb-3 font-medium text-white">
                {onRowClick ? (
                  <button
                    type="button"
                    data-card-title
                    aria-label={rowLabel?.(row)}
                    className="min-h-11 w-full text-left"
                    onClick={(event) => {
                      event.stopPropagation();
                      onRowClick(row);
                    }}
                  >
                    {first.cell(row)}
                  </button>
                ) : (
                  first.cell(row)
                )}
              </div>
            )}
            {!card && (
              <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2">
                {rest.map((column) => (
                  <div key={column.key} className="contents">
                    <dt className="text-xs tracking-wide wrap-break-word text-slate-400 uppercase">{column.header}</dt>
                    <dd className={cn('min-w-0 wrap-break-word', column.align === 'right' && 'tabular-nums')}>
                      {column.cell(row)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ul>
      <div ref={endRef} aria-hidden="true" className="h-px" />
      {loadingMoreText && <LoadingMore text={loadingMoreText} />}
    </div>
  );
}
