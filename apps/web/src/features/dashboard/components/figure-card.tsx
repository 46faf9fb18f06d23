/** One headline figure of the period: what it is, its value, and a line that puts it in context. */
export function FigureCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-navy-700 bg-navy-900 p-4">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-white tabular-nums">{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-slate-400">{note}</dd>}
    </div>
  );
}
