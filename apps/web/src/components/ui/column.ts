import type { ReactNode } from 'react';

/** One column of a list: its header, and what each row shows in it (a table cell, or a card's line). */
export interface Column<T> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
}
