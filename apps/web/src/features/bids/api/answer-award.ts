import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type PlacedBid } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { invalidateTenderViews, notificationKeys } from '../../../lib/query-keys';

export type AwardAnswer = 'confirm' | 'decline';

/**
 * POST /api/bids/{id}/confirm or /decline: my answer to the award of my bid. Confirmed: accepted, the
 * shipment exists. Declined: the award passes on. 409 BID_NOT_AWARDED / AWARD_CONFIRM_EXPIRED when too late.
 */
export function answerAward(bidId: number, answer: AwardAnswer): Promise<PlacedBid> {
  return api.post<PlacedBid>(
    pathTo(answer === 'confirm' ? apiPaths.bids.confirm : apiPaths.bids.decline, { id: bidId }),
    undefined,
    { errorMessage: i18n.t('bids.awaiting.failed') },
  );
}

export function useAnswerAward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bidId, answer }: { bidId: number; answer: AwardAnswer }) => answerAward(bidId, answer),
    onSettled: () => invalidateTenderViews(queryClient, notificationKeys.all),
  });
}
