import { useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Modal } from './modal';
import { useCardLayout } from './row-cards';
import { SelectField, type SelectOption } from './select-field';
import { TextField } from './text-field';

/** One dropdown of a filter bar; the empty value means "any". */
export interface FilterSelect<K extends string> {
  key: K;
  label: string;
  /** The text of the empty first choice (no filter). */
  anyLabel: string;
  options: readonly SelectOption[];
  value: string;
  containerClassName?: string;
}

export interface FilterBarProps<K extends string> {
  /** The accessible name of the search region. */
  label?: string;
  search: {
    label: string;
    placeholder: string;
    value: string;
    /** The label is read by screen readers only (the placeholder says the same on screen). */
    labelHidden?: boolean;
    maxLength?: number;
  };
  onSearch: (value: string) => void;
  selects: readonly FilterSelect<K>[];
  onSelect: (key: K, value: string) => void;
  /** The button that clears every filter; shown only when given (lists give it while a filter is set). */
  reset?: { label: string; onReset: () => void };
  /**
   * `stacked`: the search box above a grid of the dropdowns and a link that clears them (the tender lists);
   * `row`: all in one row on wide screens, the clear button at its end (vehicles, bids).
   */
  layout: 'stacked' | 'row';
  /** On phones the dropdowns move into a sheet opened by a button; these are its texts. */
  sheet: { open: string; close: string };
  className?: string;
}

// Tailwind sees only whole class names: one per number of dropdowns
const STACKED_COLUMNS: Record<number, string> = { 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' };
const ROW_COLUMNS: Record<number, string> = {
  2: 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]',
  3: 'lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]',
};

/** The search box and dropdowns above a list; each list says which dropdowns, texts and layout it has. */
export function FilterBar<K extends string>({
  label,
  search,
  onSearch,
  selects,
  onSelect,
  reset,
  layout,
  sheet,
  className,
}: FilterBarProps<K>) {
  const phone = useCardLayout();
  const [sheetOpen, setSheetOpen] = useState(false);
  const searchBox = (
    <TextField
      type="search"
      label={search.label}
      labelHidden={search.labelHidden}
      placeholder={search.placeholder}
      value={search.value}
      maxLength={search.maxLength}
      onChange={(event) => onSearch(event.target.value)}
      autoComplete="off"
      enterKeyHint="search"
      containerClassName={layout === 'row' ? 'sm:col-span-2 lg:col-span-1' : undefined}
    />
  );
  const dropdowns = selects.map((select) => (
    <SelectField
      key={select.key}
      label={select.label}
      placeholder={select.anyLabel}
      options={select.options}
      value={select.value}
      onChange={(event) => onSelect(select.key, event.target.value)}
      containerClassName={select.containerClassName}
    />
  ));

  if (phone) {
    const chosen = selects.filter((select) => select.value !== '').length;
    return (
      <div role="search" aria-label={label} className={cn('mb-4 flex flex-col gap-3', className)}>
        {searchBox}
        <Button variant="secondary" onClick={() => setSheetOpen(true)} aria-haspopup="dialog" className="self-start">
          {chosen > 0 ? `${sheet.open} (${chosen})` : sheet.open}
        </Button>
        <Modal
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          title={sheet.open}
          closeLabel={sheet.close}
          placement="sheet"
          footer={
            <>
              {reset && (
                <Button variant="ghost" onClick={reset.onReset}>
                  {reset.label}
                </Button>
              )}
              <Button onClick={() => setSheetOpen(false)}>{sheet.close}</Button>
            </>
          }
        >
          <div className="flex flex-col gap-3">{dropdowns}</div>
        </Modal>
      </div>
    );
  }

  if (layout === 'stacked') {
    return (
      <div role="search" aria-label={label} className={cn('mb-4 flex flex-col gap-3', className)}>
        {searchBox}
        <div className={cn('grid grid-cols-2 items-end gap-3', STACKED_COLUMNS[selects.length])}>{dropdowns}</div>
        {reset && (
          <div>
            <Button variant="link" onClick={reset.onReset}>
              {reset.label}
            </Button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div
      role="search"
      aria-label={label}
      className={cn('mb-4 grid gap-3 sm:grid-cols-2 lg:items-end', ROW_COLUMNS[selects.length], className)}
    >
      {searchBox}
      {dropdowns}
      {reset && (
        <Button variant="ghost" onClick={reset.onReset} className="justify-self-start sm:col-span-2 lg:col-span-1">
          {reset.label}
        </Button>
      )}
    </div>
  );
}
