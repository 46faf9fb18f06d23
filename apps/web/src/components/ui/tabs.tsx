import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { Icon } from './icons';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  icon?: Icon;
}

export interface TabsProps<K extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
  /** Extra classes of the tab list (e.g. a 2×2 grid on narrow screens for four long labels). */
  listClassName?: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the selected tab is in the Tab order. */
export function Tabs<K extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
  className,
  listClassName,
}: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === selected);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    refs.current.get(item.key)?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={move}
        className={cn('flex gap-1 rounded-lg border border-navy-700 bg-navy-950 p-1', listClassName)}
      >
        {items.map((item) => {
          const active = item.key === selected;
          const ItemIcon = item.icon;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) refs.current.set(item.key, element);
                else refs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(item.key)}
              className={cn(
                'flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium transition-colors max-sm:min-h-11',
                active ? 'bg-blue-600 text-white shadow' : 'text-slate-300 hover:bg-navy-800 hover:text-white',
              )}
            >
              {ItemIcon && <ItemIcon className="hidden size-4 shrink-0 min-[400px]:block" />}
              <span className="truncate">{item.label}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} className="pt-5">
        {children}
      </div>
    </div>
  );
}
