import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiPaths, pathTo, shipmentPositionEvent, shipmentStatusEvent } from '@yuk/shared';
import { openEventStream } from '../../../lib/event-stream';
import { applyConversationEvent } from '../../../lib/conversation-live';
import { conversationKeys, shipmentKeys } from '../../../lib/query-keys';
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
 * track, `status` refreshes the shipment, `message` and `read` keep its conversation current. Each (re)connection reads the track again, so nothing sent while the
 * stream was down is missed.
 */
export function useShipmentEvents(number: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let opened = false;
    return openEventStream(pathTo(apiPaths.shipments.events, { number }), {
      onOpen: () => {
        if (opened) {
          void queryClient.invalidateQueries({ queryKey: shipmentKeys.positions(number) });
          void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(number) });
        }
        opened = true;
      },
      onEvent: (message) => {
        // the conversation's new entries and read marks
        if (applyConversationEvent(queryClient, number, message)) return;
        if (message.event === 'position') {
          const parsed = shipmentPositionEvent.safeParse(parse(message.data));
          if (parsed.success) addTrackPoints(queryClient, number, parsed.data.points);
        } else if (message.event === 'status') {
          if (shipmentStatusEvent.safeParse(parse(message.data)).success) {
            void queryClient.invalidateQueries({ queryKey: shipmentKeys.all, exact: false });
            // the step's line in the conversation
            void queryClient.invalidateQueries({ queryKey: conversationKeys.messages(number) });
          }
        }
      },
    });
  }, [number, enabled, queryClient]);
}
