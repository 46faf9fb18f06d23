import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type Tender, apiPaths, pathTo } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { tenderKeys } from '../../../lib/query-keys';

/** GET /api/tenders/{id}: one tender (404 when missing or someone else's draft). */
export function getTender(id: number, signal?: AbortSignal): Promise<Tender> {
  return api.get<Tender>(pathTo(apiPaths.tenders.one, { id }), {
    signal,
    errorMessage: i18n.t('tenders.detail.error'),
  });
}

export function tenderQueryOptions(id: number) {
  return queryOptions({
    queryKey: tenderKeys.detail(id),
    queryFn: ({ signal }) => getTender(id, signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useTender(id: number | null) {
  return useQuery({ ...tenderQueryOptions(id ?? 0), enabled: id !== null && hasAccessToken() });
}
