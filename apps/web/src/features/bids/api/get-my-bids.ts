import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type MyBid, apiPaths } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { bidKeys } from '../../../lib/query-keys';

/** GET /api/bids/me (optionally ?tender_id=): my bids, newest first, each with its tender's display fields. */
export function getMyBids(tenderId: number | null, signal?: AbortSignal): Promise<MyBid[]> {
  return api.get<MyBid[]>(apiPaths.bids.mine, {
    query: { tender_id: tenderId ?? undefined },
    signal,
    errorMessage: i18n.t('bids.fetchFailed'),
  });
}

/** Fresh for 2 minutes. */
export function myBidsQueryOptions(tenderId: number | null) {
  return queryOptions({
    queryKey: bidKeys.mine(tenderId),
    queryFn: ({ signal }) => getMyBids(tenderId, signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useMyBids(tenderId: number | null) {
  return useQuery({ ...myBidsQueryOptions(tenderId), enabled: hasAccessToken() });
}
