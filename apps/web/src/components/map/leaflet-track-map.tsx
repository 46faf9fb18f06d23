import { useEffect, useRef, useState } from 'react';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { TrackMapProps } from './track-map-props';

const TRACK_COLOR = '#38bdf8';
const LAST_COLOR = '#f59e0b';
/** A view with nothing to show yet: Uzbekistan and its neighbours. */
const REGION_CENTER: L.LatLngTuple = [41.3, 64.5];

const latLng = (point: { lat: number; lon: number }): L.LatLngTuple => [point.lat, point.lon];

/**
 * The Leaflet map behind TrackMap (its own chunk). Layers are vector shapes only (no marker images), so the
 * map needs nothing but its tiles from outside, and without them still shows the way. The view follows the
 * track until the reader moves the map.
 */
export default function LeafletTrackMap({
  track,
  last,
  origin,
  destination,
  tileUrl,
  attribution,
  texts,
}: TrackMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layersRef = useRef<L.LayerGroup | null>(null);
  const movedByReader = useRef(false);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { scrollWheelZoom: false, attributionControl: true }).setView(REGION_CENTER, 5);
    map.attributionControl.setPrefix(false);
    if (tileUrl) {
      const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 18 });
      tiles.on('tileerror', () => setTilesFailed(true));
      tiles.on('tileload', () => setTilesFailed(false));
      tiles.addTo(map);
    } else if (attribution) {
      map.attributionControl.addAttribution(attribution);
    }
    map.on('dragstart zoomstart', (event: L.LeafletEvent) => {
      // zooms the code makes have no original event; the reader's do
      if ((event as L.LeafletEvent & { originalEvent?: Event }).originalEvent || event.type === 'dragstart')
        movedByReader.current = true;
    });
    layersRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    // the container may get its size after the first paint (a lazy chunk, a grid settling)
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(container);
    return () => {
      resize?.disconnect();
      map.remove();
      mapRef.current = null;
      layersRef.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const map = mapRef.current;
    const layers = layersRef.current;
    if (!map || !layers) return;
    layers.clearLayers();
    const bounds: L.LatLngTuple[] = [];
    if (origin) {
      L.circleMarker(latLng(origin), { radius: 6, color: '#34d399', fillColor: '#34d399', fillOpacity: 0.9, weight: 2 })
        .bindTooltip(texts.origin)
        .addTo(layers);
      bounds.push(latLng(origin));
    }
    if (destination) {
      L.circleMarker(latLng(destination), {
        radius: 7,
        color: '#f472b6',
        fillColor: '#0b1530',
        fillOpacity: 1,
        weight: 3,
      })
        .bindTooltip(texts.destination)
        .addTo(layers);
      bounds.push(latLng(destination));
    }
    if (track.length > 1) {
      L.polyline(track.map(latLng), { color: TRACK_COLOR, weight: 4, opacity: 0.9 }).addTo(layers);
      for (const point of track) bounds.push(latLng(point));
    }
    if (last) {
      if (last.accuracy_m && last.accuracy_m > 0) {
        L.circle(latLng(last), { radius: last.accuracy_m, color: LAST_COLOR, weight: 1, fillOpacity: 0.15 }).addTo(
          layers,
        );
      }
      L.circleMarker(latLng(last), { radius: 8, color: '#ffffff', fillColor: LAST_COLOR, fillOpacity: 1, weight: 3 })
        .bindTooltip(texts.lastPosition)
        .addTo(layers);
      bounds.push(latLng(last));
    }
    if (!movedByReader.current && bounds.length > 0) {
      if (bounds.length === 1) map.setView(bounds[0]!, 12);
      else map.fitBounds(L.latLngBounds(bounds), { padding: [24, 24], maxZoom: 14 });
    }
  }, [track, last, origin, destination, texts]);

  return (
    <>
      <div ref={containerRef} role="region" aria-label={texts.label} className="h-full w-full" />
      {/* beside Leaflet's zoom buttons (top left), never over them */}
      {tilesFailed && (
        <p
          role="status"
          className="absolute top-2 right-2 left-12 z-[1000] rounded-md bg-navy-950/90 px-3 py-2 text-xs text-amber-200"
        >
          {texts.tilesFailed}
        </p>
      )}
    </>
  );
}
