import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths, pathTo, shipmentPositionEvent, shipmentStatusEvent } from '@yuk/shared';
import { openEventStream } from '../../../lib/event-stream';
import { shipmentKeys } from '../../../lib/query-keys';
import { addTrackPoints } from './positions';

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * GET /api/shipments/{number}/events while the page is open: `position` adds the carrier's new points to the
 * track, `status` refreshes the shipment. Each (re)connection reads the track again, so nothing sent while the
 * stream was down is missed.
 */
export function useShipmentEvents(number: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let opened = false;
    return openEventStream(pathTo(apiPaths.shipments.events, { number }), {
      onOpen: () => {
        if (opened) void queryClient.invalidateQueries({ queryKey: shipmentKeys.positions(number) });
        opened = true;
      },
      onEvent: (message) => {
        if (message.event === 'position') {
          const parsed = shipmentPositionEvent.safeParse(parse(message.data));
          if (parsed.success) addTrackPoints(queryClient, number, parsed.data.points);
        } else if (message.event === 'status') {
          if (shipmentStatusEvent.safeParse(parse(message.data)).success)
            void queryClient.invalidateQueries({ queryKey: shipmentKeys.all, exact: false });
        }
      },
    });
  }, [number, enabled, queryClient]);
}
