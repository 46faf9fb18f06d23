import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type RatingInput, type ShipmentRatings } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { shipmentKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/shipments/{number}/rating: my rating and theirs, once it may be shown. */
export function useShipmentRatings(number: string, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.ratings(number),
    queryFn: ({ signal }) => api.get<ShipmentRatings>(pathTo(apiPaths.shipments.rating, { number }), { signal }),
    enabled: enabled && hasAccessToken(),
  });
}

/** POST /api/shipments/{number}/rating: once, after delivery, within 30 days. */
export function useRateShipment(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingInput) =>
      api.post<ShipmentRatings>(pathTo(apiPaths.shipments.rating, { number }), input, {
        errorMessage: i18n.t('shipments.rating.failed'),
      }),
    onSuccess: (ratings) => queryClient.setQueryData(shipmentKeys.ratings(number), ratings),
  });
}
