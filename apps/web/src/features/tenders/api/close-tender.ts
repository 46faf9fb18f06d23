import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type TenderLiveState } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { invalidateTenderViews, tenderKeys } from '../../../lib/query-keys';
import { applyLiveState } from './live-state';

/** POST /api/tenders/{id}/close: the owner closes an opened tender without an award. */
export function closeTender(tenderId: number): Promise<TenderLiveState> {
  return api.post<TenderLiveState>(pathTo(apiPaths.tenders.close, { id: tenderId }), undefined, {
    errorMessage: i18n.t('tenders.owner.actionFailed'),
  });
}

export function useCloseTender(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeTender(tenderId),
    onSuccess: (state) => applyLiveState(queryClient, tenderId, state),
    onSettled: () => invalidateTenderViews(queryClient, tenderKeys.bids(tenderId)),
  });
}
