import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  NEXT_CURSOR_HEADER,
  STALE_TIMES,
  TOTAL_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type Tender,
  type TenderMode,
  apiPaths,
} from '@yuk/shared';
import i18n from '../../../i18n';
import { CARD_SCREEN_BELOW } from '../../../components/ui/row-cards';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { tenderKeys } from '../../../lib/query-keys';

/**
 * The tender list screen's filters, sent as the query of GET /api/tenders/all (empty strings mean "no filter");
 * the server reads them into the shared TenderListParams.
 */
export interface TenderScreenFilters {
  type: TenderMode | '';
  status: string;
  location: string;
  price: string;
  delivery: string;
  q: string;
}

export interface TenderPage {
  tenders: Tender[];
  /** How many tenders match in all (X-Total-Count); null when the server stopped counting at its cap. */
  total: number | null;
  /** The cursor of the next page (X-Next-Cursor); null on the last page. */
  nextCursor: string | null;
}

/** Rows per page on a wide screen: a few screens' worth, so scrolling rarely waits. */
export const TENDER_PAGE_SIZE = 100;
/** Rows per page where the list shows as cards: a phone sees a handful at once, and a smaller first answer is
 *  downloaded, parsed and kept sooner on a slow network and CPU; the next page comes as the cards run out. */
export const TENDER_CARD_PAGE_SIZE = 30;

function pageSize(): number {
  const wide = typeof window.matchMedia !== 'function' || window.matchMedia(CARD_SCREEN_BELOW).matches;
  return wide ? TENDER_PAGE_SIZE : TENDER_CARD_PAGE_SIZE;
}

/** GET /api/tenders/all: one page of the tenders matching the filters, newest first. */
export async function getTenderPage(
  params: TenderScreenFilters,
  cursor: string,
  signal?: AbortSignal,
): Promise<TenderPage> {
  let headers: Headers | undefined;
  const tenders = await api.get<Tender[]>(apiPaths.tenders.all, {
    query: { ...params, limit: pageSize(), cursor },
    signal,
    errorMessage: i18n.t('tenders.list.fetchFailed'),
    onResponse: (response) => {
      headers = response.headers;
    },
  });
  const total = Number(headers?.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  const capped = headers?.get(TOTAL_CAPPED_HEADER) === 'true';
  return {
    tenders,
    total: capped ? null : Number.isFinite(total) ? total : tenders.length,
    nextCursor: headers?.get(NEXT_CURSOR_HEADER) || null,
  };
}

export function tendersQueryOptions(params: TenderScreenFilters) {
  return infiniteQueryOptions({
    queryKey: tenderKeys.list(params),
    queryFn: ({ pageParam, signal }) => getTenderPage(params, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: TenderPage) => last.nextCursor ?? undefined,
    staleTime: STALE_TIMES.lists,
  });
}

/** The tender list, page by page; while new filters load, the previous rows stay on screen. */
export function useTenders(params: TenderScreenFilters) {
  return useInfiniteQuery({
    ...tendersQueryOptions(params),
    placeholderData: keepPreviousData,
    enabled: hasAccessToken(),
  });
}
