import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type TenderLiveState } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { invalidateTenderViews } from '../../../lib/query-keys';
import { applyLiveState } from './live-state';

/** POST /api/tenders/{id}/publish: the owner opens a draft for bids. */
export function publishTender(tenderId: number): Promise<TenderLiveState> {
  return api.post<TenderLiveState>(pathTo(apiPaths.tenders.publish, { id: tenderId }), undefined, {
    errorMessage: i18n.t('tenders.owner.actionFailed'),
  });
}

export function usePublishTender(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => publishTender(tenderId),
    onSuccess: (state) => applyLiveState(queryClient, tenderId, state),
    onSettled: () => invalidateTenderViews(queryClient),
  });
}
