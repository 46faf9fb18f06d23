import { useQuery } from '@tanstack/react-query';
import { STALE_TIMES, apiPaths, pathTo, type TenderAward } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { tenderKeys } from '../../../lib/query-keys';

/** GET /api/tenders/{id}/awards: the owner's history of the tender's awards, oldest first. */
export function getTenderAwards(id: number, signal?: AbortSignal): Promise<TenderAward[]> {
  return api.get<TenderAward[]>(pathTo(apiPaths.tenders.awards, { id }), { signal });
}

export function useTenderAwards(id: number, enabled: boolean) {
  return useQuery({
    queryKey: tenderKeys.awards(id),
    queryFn: ({ signal }) => getTenderAwards(id, signal),
    staleTime: STALE_TIMES.minBid,
    enabled: enabled && hasAccessToken(),
  });
}
