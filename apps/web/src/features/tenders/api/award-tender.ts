import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type TenderLiveState } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { invalidateTenderViews, tenderKeys } from '../../../lib/query-keys';
import { applyLiveState } from './live-state';

/** POST /api/tenders/{id}/award { bid_id }: the owner picks the winning bid; every other bid is rejected. */
export function awardTender(tenderId: number, bidId: number): Promise<TenderLiveState> {
  return api.post<TenderLiveState>(
    pathTo(apiPaths.tenders.award, { id: tenderId }),
    { bid_id: bidId },
    { errorMessage: i18n.t('tenders.owner.actionFailed') },
  );
}

export function useAwardTender(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: number) => awardTender(tenderId, bidId),
    onSuccess: (state) => applyLiveState(queryClient, tenderId, state),
    onSettled: () => invalidateTenderViews(queryClient, tenderKeys.bids(tenderId)),
  });
}
