import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type Tender } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { tenderKey } from './keys';

/** GET /api/tenders/{id}: one tender (404 when missing or someone else's draft). */
export function getTender(id: number, signal?: AbortSignal): Promise<Tender> {
  return api.get<Tender>(`/api/tenders/${id}`, { signal, errorMessage: i18n.t('tenders.detail.error') });
}

export function tenderQueryOptions(id: number) {
  return queryOptions({
    queryKey: tenderKey(id),
    queryFn: ({ signal }) => getTender(id, signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useTender(id: number | null) {
  return useQuery({ ...tenderQueryOptions(id ?? 0), enabled: id !== null && hasAccessToken() });
}
