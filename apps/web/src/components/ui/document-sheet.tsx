import type { ReactNode } from 'react';

/**
 * A document shown as the paper it stands for (a waybill, a signed award): dark text on a white sheet, its
 * title and the line under it centred above a rule, whatever the app's theme around it.
 */
export function DocumentSheet({
  label,
  title,
  subtitle,
  children,
}: {
  /** The sheet's accessible name. */
  label: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article aria-label={label} className="flex flex-col gap-3 rounded-lg bg-white p-4 text-slate-900 shadow-inner">
      <header className="border-b border-slate-300 pb-2 text-center">
        <h3 className="text-base font-bold">{title}</h3>
        {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
      </header>
      {children}
    </article>
  );
}

/** One boxed part of a document sheet, under its small capital heading. */
export function SheetBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-md border border-slate-300 p-3">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <div className="mt-1 text-sm break-words text-slate-900">{children}</div>
    </div>
  );
}
