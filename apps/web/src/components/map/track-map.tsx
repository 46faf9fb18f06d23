import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../ui/spinner';
import type { TrackMapProps } from './track-map-props';

export type { TrackMapProps, TrackMapTexts } from './track-map-props';

// Leaflet and its stylesheet load with the first map shown, never on the first screen.
const LeafletTrackMap = lazy(() => import('./leaflet-track-map'));

function MapPlaceholder({ text }: { text: string }) {
  return (
    <div role="status" className="flex h-full items-center justify-center gap-3 text-sm text-slate-300">
      <Spinner className="size-5 text-sky-300" />
      <span>{text}</span>
    </div>
  );
}

/**
 * A shipment's way on a map: the track as a line, the origin and destination cities, and the last position
 * with its accuracy. Works without tiles (offline, blocked): the track is drawn all the same.
 */
export function TrackMap({ className, ...props }: TrackMapProps) {
  return (
    <div
      className={cn(
        'relative isolate h-72 overflow-hidden rounded-lg border border-navy-700 bg-navy-850 sm:h-80',
        className,
      )}
    >
      <Suspense fallback={<MapPlaceholder text={props.texts.loading} />}>
        <LeafletTrackMap {...props} />
      </Suspense>
    </div>
  );
}
