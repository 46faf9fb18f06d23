import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type Shipment, type ShipmentStep } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { shipmentKeys } from '../../../lib/query-keys';

/**
 * POST /api/shipments/{number}/status: the carrier sets loaded, then on_the_way; the owner confirms
 * delivered. Answers the moved shipment. Refusals: 403 (the other party's step), 404, 409 (out of order).
 */
export function moveShipment(number: string, status: ShipmentStep): Promise<Shipment> {
  return api.post<Shipment>(
    pathTo(apiPaths.shipments.status, { number }),
    { status },
    { errorMessage: i18n.t(status === 'delivered' ? 'shipments.owner.failed' : 'shipments.carrier.failed') },
  );
}

export function useMoveShipment(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ShipmentStep) => moveShipment(number, status),
    onSuccess: (moved) => {
      queryClient.setQueryData(shipmentKeys.detail(number), moved);
      return queryClient.invalidateQueries({ queryKey: shipmentKeys.list() });
    },
    // a refusal means the screen is behind (the other party moved it): show it as the server has it
    onError: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.detail(number) }),
  });
}
