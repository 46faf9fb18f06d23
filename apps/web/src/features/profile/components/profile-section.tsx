import type { ReactNode } from 'react';

/** One card of the profile page: an icon, a title and a line under it, then the card's controls. */
export function ProfileSection({
  id,
  icon,
  title,
  hint,
  children,
}: {
  /** The title's id: the section is named by it. */
  id: string;
  icon: ReactNode;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
      <div className="mb-4 flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-lg bg-navy-800 text-sky-300">{icon}</span>
        <div>
          <h2 id={id} className="font-semibold text-white">
            {title}
          </h2>
          <p className="text-sm text-slate-300">{hint}</p>
        </div>
      </div>
      {children}
    </section>
  );
}
