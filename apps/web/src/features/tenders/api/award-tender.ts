import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenderLiveState } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { myBidsKey, tenderBidsKey, tenderListsKey } from './keys';
import { applyLiveState } from './live-state';

/** POST /api/tenders/{id}/award { bid_id }: the owner picks the winning bid; every other bid is rejected. */
export function awardTender(tenderId: number, bidId: number): Promise<TenderLiveState> {
  return api.post<TenderLiveState>(
    `/api/tenders/${tenderId}/award`,
    { bid_id: bidId },
    { errorMessage: i18n.t('tenders.owner.actionFailed') },
  );
}

export function useAwardTender(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: number) => awardTender(tenderId, bidId),
    onSuccess: (state) => applyLiveState(queryClient, tenderId, state),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenderBidsKey(tenderId) }),
        queryClient.invalidateQueries({ queryKey: tenderListsKey }),
        queryClient.invalidateQueries({ queryKey: myBidsKey }),
      ]),
  });
}
