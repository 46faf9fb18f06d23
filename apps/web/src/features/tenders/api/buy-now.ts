import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type PlacedBid } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { invalidateTenderViews, tenderKeys } from '../../../lib/query-keys';

/**
 * POST /api/tenders/{id}/buy-now: 201 with my accepted bid; the tender is mine and its shipment exists. A
 * refusal (the API document lists them) is shown with the server's text.
 */
export function buyNow(tenderId: number): Promise<PlacedBid> {
  return api.post<PlacedBid>(pathTo(apiPaths.tenders.buyNow, { id: tenderId }), undefined, {
    errorMessage: i18n.t('tenders.auction.buyNowFailed'),
  });
}

export function useBuyNow(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => buyNow(tenderId),
    onSettled: () => invalidateTenderViews(queryClient, tenderKeys.detail(tenderId)),
  });
}
