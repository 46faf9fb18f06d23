import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type MinBidResponse } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { minBidKey } from './keys';

/** GET /api/tenders/{id}/min-bid: the lowest bid so far (null when there is none). */
export function getMinBid(id: number, signal?: AbortSignal): Promise<MinBidResponse> {
  return api.get<MinBidResponse>(`/api/tenders/${id}/min-bid`, { signal });
}

/** Fresh for 30 seconds (spec section 9); the live stream keeps it current in between. */
export function minBidQueryOptions(id: number) {
  return queryOptions({
    queryKey: minBidKey(id),
    queryFn: ({ signal }) => getMinBid(id, signal),
    staleTime: STALE_TIMES.minBid,
  });
}

export function useMinBid(id: number, enabled = true) {
  return useQuery({ ...minBidQueryOptions(id), enabled: enabled && hasAccessToken() });
}
