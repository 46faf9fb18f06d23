import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type PlaceBidInput, type PlacedBid } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { invalidateTenderViews, tenderKeys } from '../../../lib/query-keys';

/** POST /api/tenders/{id}/bids: the placed bid; a refusal rejects with the server's own text of why. */
export function placeBid(tenderId: number, input: PlaceBidInput): Promise<PlacedBid> {
  return api.post<PlacedBid>(pathTo(apiPaths.tenders.bids, { id: tenderId }), input, {
    errorMessage: i18n.t('tenders.bid.failed'),
  });
}

/** After a bid the tender, its min-bid, the lists and my bids are refreshed. */
export function usePlaceBid(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceBidInput) => placeBid(tenderId, input),
    onSettled: () => invalidateTenderViews(queryClient, tenderKeys.detail(tenderId)),
  });
}
