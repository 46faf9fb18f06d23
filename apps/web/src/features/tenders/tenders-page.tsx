import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  apiPaths,
  cityOfQuery,
  modeOfPath,
  OTHER_LOCATION,
  TENDER_TOTAL_CAP,
  type Tender,
  webRoutes,
  pathTo,
} from '@yuk/shared';
import { SaveSearchButton, type SavedSearchDraft } from '../../components/save-search-button';
import { Button } from '../../components/ui/button';
import { CsvDownloadButton } from '../../components/csv-download';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api-client';
import { hasActiveFilters, useListFilters } from '../../lib/filter-store';
import { formatNumber } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTenders, type TenderScreenFilters } from './api/get-tenders';
import { TenderFilters } from './components/tender-filters';
import { TendersTable } from './components/tenders-table';

/** How long the search box waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /tenders and /tenders/{truck|plane|ship|labo}: every tender the user may see (or one mode's), filtered and
 * searched by the server, paged by cursor and drawn as a virtualized table that loads the next page as the
 * end comes near, so any number of matches scrolls smoothly.
 */
export function TendersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mode = modeOfPath(useLocation().pathname);
  const filters = useListFilters('tenders');
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);

  const params: TenderScreenFilters = {
    type: mode ?? '',
    status: filters.status,
    location: filters.location,
    price: filters.priceRange,
    delivery: filters.deliverySpeed,
    q: search,
  };
  const tenders = useTenders(params);
  const { hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage } = tenders;

  const title = mode ? t('tenders.list.heading', { type: t(`terms.modes.${mode}`) }) : t('tenders.list.headingAll');
  useDocumentTitle(title);

  const rows = useMemo(() => tenders.data?.pages.flatMap((page) => page.tenders) ?? [], [tenders.data]);
  // null (more than the server counts) stays null: the table then says the count is not known
  const firstPage = tenders.data?.pages[0];
  const total = firstPage ? firstPage.total : 0;
  const filtered = hasActiveFilters(filters);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);
  const open = useCallback((tender: Tender) => void navigate(pathTo(webRoutes.tender, { id: tender.id })), [navigate]);
  // a saved search starts from what the list shows: its origin city (or a search that is a city) and mode
  const searchDraft = (): SavedSearchDraft => {
    const typed = filters.search.trim();
    const origin =
      filters.location && filters.location !== OTHER_LOCATION ? filters.location : cityOfQuery(typed) ? typed : '';
    const modeName = mode ? t(`terms.modes.${mode}`) : '';
    return {
      name: [origin, modeName].filter(Boolean).join(' · ') || typed,
      origin,
      modes: mode ? [mode] : [],
    };
  };

  let content;
  if (tenders.isPending) {
    content = <LoadingState text={t('tenders.list.loading')} />;
  } else if (tenders.isError && !tenders.data) {
    content = (
      <ErrorState
        message={t('tenders.list.error', { message: errorMessage(tenders.error, t('tenders.list.fetchFailed')) })}
        onRetry={() => void tenders.refetch()}
        retryLabel={t('common.retry')}
        retrying={tenders.isFetching}
      />
    );
  } else if (rows.length === 0) {
    content = filtered ? (
      <EmptyState
        title={t('tenders.list.emptyFiltered')}
        description={t('terms.tryAnotherSearchWordOrOtherFilters')}
        action={
          <Button variant="secondary" onClick={filters.resetFilters}>
            {t('terms.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState title={t('tenders.list.empty')} description={t('tenders.list.emptyHint')} />
    );
  } else {
    content = (
      <>
        <TendersTable
          tenders={rows}
          total={total}
          onOpen={open}
          onEndReached={loadMore}
          loadingMore={isFetchingNextPage}
        />
        {tenders.isFetchNextPageError && (
          <ErrorState
            className="mt-4 py-6"
            message={t('tenders.list.error', { message: errorMessage(tenders.error, t('tenders.list.fetchFailed')) })}
            onRetry={() => void fetchNextPage()}
            retryLabel={t('common.retry')}
            retrying={isFetchingNextPage}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <CsvDownloadButton
            path={apiPaths.tenders.all}
            query={{ ...params }}
            label={t('tenders.list.download')}
            fallbackName="tenders.csv"
          />
        }
      />
      <TenderFilters
        filters={filters}
        setSearch={filters.setSearch}
        setFilter={filters.setFilter}
        resetFilters={filters.resetFilters}
      />
      <div className="mb-3 flex min-h-6 flex-wrap items-center gap-3 text-sm text-slate-300">
        <p role="status">
          {tenders.data
            ? t('tenders.list.count', {
                n: total === null ? `${formatNumber(TENDER_TOTAL_CAP)}+` : formatNumber(total),
              })
            : null}
        </p>
        {tenders.isFetching && !tenders.isPending && !isFetchingNextPage && (
          <span className="inline-flex items-center gap-1.5 text-slate-400">
            <Spinner className="size-4" />
            {t('terms.updating')}
          </span>
        )}
        <div className="ml-auto">
          <SaveSearchButton draft={searchDraft} />
        </div>
      </div>
      {content}
    </>
  );
}
