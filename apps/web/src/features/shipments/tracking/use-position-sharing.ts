import { useCallback, useEffect, useRef, useState } from 'react';
import type { PositionPointInput } from '@yuk/shared';
import { isApiError } from '../../../lib/api-client';
import { sendPositions } from '../api/positions';
import { enqueuePoint, flushQueue, readQueue, type QueueStorage, type SendOutcome } from './position-queue';

/** How often the kept points are sent while sharing (and retried after a failure). */
export const FLUSH_EVERY_MS = 15_000;
/** A phone standing still may report nothing for long: it is asked for its position after this much silence. */
export const QUIET_READING_MS = 60_000;

export type SharingState = 'off' | 'asking' | 'on' | 'denied' | 'unavailable';

const sharingKey = (number: string) => `yuk.sharing.${number}`;

function storage(): QueueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A reading of the phone as the API takes it (speed in km/h; the phone gives m/s, or null when it does not know). */
export function toPoint(position: GeolocationPosition): PositionPointInput {
  const { latitude, longitude, accuracy, speed } = position.coords;
  return {
    lat: latitude,
    lon: longitude,
    accuracy_m: Math.max(0, accuracy),
    speed_kmh: speed === null || Number.isNaN(speed) ? null : Math.max(0, speed * 3.6),
    recorded_at: new Date(position.timestamp).toISOString(),
  };
}

/** What one answer of the server means for the batch it was about. */
export function outcomeOf(error: unknown): SendOutcome {
  if (!isApiError(error)) return 'retry';
  // 0: no connection (or offline); 401: the session is being renewed; 408/429/5xx: later
  if (error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429) return 'retry';
  if (error.status >= 500) return 'retry';
  // not this carrier's shipment any more, or not on the road: nothing it keeps will be taken
  if (error.status === 403 || error.status === 404 || error.status === 409) return 'closed';
  return 'refused';
}

/**
 * The carrier's phone sharing its position for one shipment: `start` asks for the position (the browser's
 * permission prompt), then every reading is kept (position-queue) and the kept points are sent in order, in
 * batches, now and every 15 s, and when the connection returns. The choice to share is remembered per
 * shipment, so a reopened page goes on sharing. `active` is false once the shipment is delivered: the phone
 * stops reading but still sends what it kept.
 */
export function usePositionSharing(number: string, active: boolean) {
  const [state, setState] = useState<SharingState>('off');
  const [pending, setPending] = useState(() => {
    const store = storage();
    return store ? readQueue(store, number).length : 0;
  });
  const [lastSentAt, setLastSentAt] = useState<string | null>(null);
  const [locating, setLocating] = useState(true);
  const watchId = useRef<number | null>(null);
  const flushing = useRef(false);
  const lastReadingAt = useRef(0);

  const flush = useCallback(async () => {
    const store = storage();
    if (!store || flushing.current) return;
    flushing.current = true;
    try {
      let sentSome = false;
      const left = await flushQueue(store, number, async (points) => {
        try {
          const result = await sendPositions(number, points);
          // points refused by a rule (taken before loading, say) are done with, but were not delivered
          if (result.accepted + result.duplicates + result.thinned > 0) sentSome = true;
          return 'sent';
        } catch (error) {
          return outcomeOf(error);
        }
      });
      setPending(left);
      if (sentSome) setLastSentAt(new Date().toISOString());
    } finally {
      flushing.current = false;
    }
  }, [number]);

  // a reading of the phone: kept, and the first one of a quiet spell sent at once (the owner sees the truck
  // as soon as sharing starts)
  const handleReading = useCallback(
    (position: GeolocationPosition) => {
      lastReadingAt.current = Date.now();
      setState('on');
      setLocating(true);
      const store = storage();
      if (!store) return;
      const waiting = enqueuePoint(store, number, toPoint(position));
      setPending(waiting);
      if (waiting === 1) void flush();
    },
    [flush, number],
  );
  // the watch outlives renders: it calls the latest handler
  const onReading = useRef(handleReading);
  useEffect(() => {
    onReading.current = handleReading;
  }, [handleReading]);

  const stopWatching = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
  }, []);

  const watch = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState('unavailable');
      return;
    }
    stopWatching();
    setState('asking');
    watchId.current = navigator.geolocation.watchPosition(
      (position) => onReading.current(position),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          stopWatching();
          setState('denied');
          try {
            localStorage.removeItem(sharingKey(number));
          } catch {
            // nothing remembered
          }
        } else {
          // no fix yet (indoors, a tunnel) or a timeout: the watch goes on
          setLocating(false);
        }
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 60_000 },
    );
  }, [number, stopWatching]);

  const start = useCallback(() => {
    try {
      localStorage.setItem(sharingKey(number), '1');
    } catch {
      // not remembered: shares for this visit
    }
    watch();
  }, [number, watch]);

  const stop = useCallback(() => {
    stopWatching();
    setState('off');
    try {
      localStorage.removeItem(sharingKey(number));
    } catch {
      // nothing remembered
    }
    void flush();
  }, [flush, number, stopWatching]);

  // a page reopened while sharing goes on (the permission, once given, is not asked again)
  useEffect(() => {
    let remembered = false;
    try {
      remembered = localStorage.getItem(sharingKey(number)) === '1';
    } catch {
      remembered = false;
    }
    if (active && remembered) watch();
    return stopWatching;
  }, [active, number, watch, stopWatching]);

  // what was kept goes out on a timer, when the connection returns, and once the shipment stops taking new points;
  // a phone that has said nothing for a minute (parked) is asked where it is
  useEffect(() => {
    void flush();
    const timer = setInterval(() => {
      void flush();
      if (watchId.current !== null && Date.now() - lastReadingAt.current > QUIET_READING_MS) {
        navigator.geolocation.getCurrentPosition(
          (position) => onReading.current(position),
          () => undefined, // the watch reports its own errors
          { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
        );
      }
    }, FLUSH_EVERY_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [flush]);

  useEffect(() => {
    if (!active) {
      stopWatching();
      setState('off');
    }
  }, [active, stopWatching]);

  return { state, pending, lastSentAt, locating, start, stop, flush };
}
