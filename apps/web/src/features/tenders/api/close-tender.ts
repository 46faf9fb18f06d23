import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenderLiveState } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { myBidsKey, tenderBidsKey, tenderListsKey } from './keys';
import { applyLiveState } from './live-state';

/** POST /api/tenders/{id}/close: the owner closes an opened tender without an award. */
export function closeTender(tenderId: number): Promise<TenderLiveState> {
  return api.post<TenderLiveState>(`/api/tenders/${tenderId}/close`, undefined, {
    errorMessage: i18n.t('tenders.owner.actionFailed'),
  });
}

export function useCloseTender(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeTender(tenderId),
    onSuccess: (state) => applyLiveState(queryClient, tenderId, state),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenderBidsKey(tenderId) }),
        queryClient.invalidateQueries({ queryKey: tenderListsKey }),
        queryClient.invalidateQueries({ queryKey: myBidsKey }),
      ]),
  });
}
