import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiPaths, lazyModule, pathTo, QUESTIONS_EVENT } from '@yuk/shared';
import { openEventStream } from '../../../lib/event-stream';
import { tenderKeys } from '../../../lib/query-keys';
import { applyLiveState } from './live-state';

const loadSchema = lazyModule(() => import('./live-state-schema'));

/**
 * GET /api/tenders/{id}/events: follows the tender's live state (`event: state` with { min_bid, bid_count,
 * status, closes_at }, sent on connect and on every change) while the page is open, and keeps the cached
 * tender and min-bid current; `onExtended` hears when a bid in the soft-close window moved the close.
 * Reconnects with a growing wait; stops when the page closes. Tells whether it is connected.
 */
export function useTenderLiveUpdates(
  id: number,
  enabled: boolean,
  onExtended?: (minutes: number, closesAt: string) => void,
): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  // the latest callback, without reconnecting when the page passes a new one
  const extendedRef = useRef(onExtended);
  useEffect(() => {
    extendedRef.current = onExtended;
  }, [onExtended]);

  useEffect(() => {
    if (!enabled) return;
    let following = true;
    const close = openEventStream(pathTo(apiPaths.tenders.events, { id }), {
      onOpen: () => setConnected(true),
      onDisconnect: () => setConnected(false),
      onRefused: () => setConnected(false),
      onEvent: (message) => {
        // its questions changed: read them again (the server gives each reader what is theirs to see)
        if (message.event === QUESTIONS_EVENT) {
          void queryClient.invalidateQueries({ queryKey: tenderKeys.questions(id) });
          return;
        }
        if (message.event !== 'state') return;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return; // not JSON: nothing to apply
        }
        // the schema comes with the first state; the states wait for the same import, so they keep their order
        loadSchema().then(
          ({ tenderLiveState }) => {
            const parsed = tenderLiveState.safeParse(data);
            if (!following || !parsed.success) return;
            applyLiveState(queryClient, id, parsed.data);
            if (parsed.data.extended_by_minutes)
              extendedRef.current?.(parsed.data.extended_by_minutes, parsed.data.closes_at);
          },
          () => {
            // offline: the next state tries the import again
          },
        );
      },
    });
    return () => {
      following = false;
      close();
      setConnected(false);
    };
  }, [id, enabled, queryClient]);

  return connected;
}
