import type { ReactNode } from 'react';

/**
 * A list row as a phone shows it, for a thumb to scan: the route first and large (origin → destination), then
 * the few facts that decide (weight, price, when bidding closes), then a quiet line (number, name).
 */
export function RouteCard({
  origin,
  destination,
  facts,
  footer,
}: {
  origin: string;
  destination: string;
  facts: readonly ReactNode[];
  footer?: ReactNode;
}) {
  return (
    <span className="flex flex-col gap-1.5">
      <span className="text-lg leading-snug font-semibold break-words text-white">
        {origin} <span aria-hidden="true">→</span>
        <span className="sr-only">–</span> {destination}
      </span>
      <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-100">
        {facts.map((fact, index) => (
          <span key={index} className="tabular-nums">
            {fact}
          </span>
        ))}
      </span>
      {footer && <span className="text-xs break-words text-slate-400">{footer}</span>}
    </span>
  );
}
