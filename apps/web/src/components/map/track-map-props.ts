import type { GeoPoint } from '@yuk/shared';

// The map's props on their own: the lazily loaded Leaflet part and its wrapper both read them.

/** The map's words, given by the page that shows it (each page has its own texts). */
export interface TrackMapTexts {
  /** The map's accessible name. */
  label: string;
  loading: string;
  /** Shown over the map when its tiles could not be loaded (offline, tile server down): the track still draws. */
  tilesFailed: string;
  origin: string;
  destination: string;
  lastPosition: string;
}

export interface TrackMapProps {
  /** The way so far, oldest first. */
  track: readonly GeoPoint[];
  /** Where the shipment is now, with how sure the phone was (metres). */
  last: (GeoPoint & { accuracy_m?: number }) | null;
  origin: GeoPoint | null;
  destination: GeoPoint | null;
  /** Leaflet tile URL template; null draws the track on a plain background. */
  tileUrl: string | null;
  attribution: string;
  texts: TrackMapTexts;
  className?: string;
}
