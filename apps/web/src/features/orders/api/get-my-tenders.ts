import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, STALE_TIMES, TENDER_LIST_LIMIT_MAX, type Tender, apiPaths } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { tenderKeys } from '../../../lib/query-keys';

/**
 * GET /api/tenders/me: every tender of the signed-in user, drafts included, newest first. My Orders filters
 * them on the client with its own rules, so all pages are read (500 rows a page, following X-Next-Cursor).
 */
export async function getMyTenders(signal?: AbortSignal): Promise<Tender[]> {
  const all: Tender[] = [];
  let cursor = '';
  for (;;) {
    const paging: { next: string | null } = { next: null };
    const page = await api.get<Tender[]>(apiPaths.tenders.mine, {
      query: { limit: TENDER_LIST_LIMIT_MAX, cursor },
      signal,
      errorMessage: i18n.t('orders.list.failed'),
      onResponse: (response) => {
        paging.next = response.headers.get(NEXT_CURSOR_HEADER);
      },
    });
    all.push(...page);
    if (!paging.next || page.length === 0) return all;
    cursor = paging.next;
  }
}

export function myTendersQueryOptions() {
  return queryOptions({
    queryKey: tenderKeys.mine(),
    queryFn: ({ signal }) => getMyTenders(signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useMyTenders() {
  return useQuery({ ...myTendersQueryOptions(), enabled: hasAccessToken() });
}
