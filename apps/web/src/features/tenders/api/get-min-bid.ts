import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type MinBidResponse, apiPaths, pathTo } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { tenderKeys } from '../../../lib/query-keys';

/** GET /api/tenders/{id}/min-bid: the lowest bid so far (null when there is none). */
export function getMinBid(id: number, signal?: AbortSignal): Promise<MinBidResponse> {
  return api.get<MinBidResponse>(pathTo(apiPaths.tenders.minBid, { id }), { signal });
}

/** Fresh for 30 seconds; the live stream keeps it current in between. */
export function minBidQueryOptions(id: number) {
  return queryOptions({
    queryKey: tenderKeys.minBid(id),
    queryFn: ({ signal }) => getMinBid(id, signal),
    staleTime: STALE_TIMES.minBid,
  });
}

export function useMinBid(id: number, enabled = true) {
  return useQuery({ ...minBidQueryOptions(id), enabled: enabled && hasAccessToken() });
}
