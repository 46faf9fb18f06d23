import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type TenderBid, apiPaths, pathTo } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { tenderKeys } from '../../../lib/query-keys';

/** GET /api/tenders/{id}/bids: the bids on my tender with who offered them, lowest first (owner only). */
export function getTenderBids(id: number, signal?: AbortSignal): Promise<TenderBid[]> {
  return api.get<TenderBid[]>(pathTo(apiPaths.tenders.bids, { id }), {
    signal,
    errorMessage: i18n.t('tenders.owner.error'),
  });
}

export function tenderBidsQueryOptions(id: number) {
  return queryOptions({
    queryKey: tenderKeys.bids(id),
    queryFn: ({ signal }) => getTenderBids(id, signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useTenderBids(id: number, enabled: boolean) {
  return useQuery({ ...tenderBidsQueryOptions(id), enabled: enabled && hasAccessToken() });
}
