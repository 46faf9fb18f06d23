import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiPaths, formatMarketTime, webRoutes, pathTo, type MyBid } from '@yuk/shared';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { CsvDownloadButton } from '../../components/csv-download';
import { PageHeader } from '../../components/ui/page-header';
import { RouteCard } from '../../components/ui/route-card';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { DataTable, type Column } from '../../components/ui/table';
import { errorMessage } from '../../lib/api-client';
import { useListFilters } from '../../lib/filter-store';
import { formatNumber, formatUsd } from '../../lib/format';
import { chooseShipment } from '../../lib/shipment-tracking';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from '../../components/ui/button-link';
import { useMyBids } from './api/get-my-bids';
import { emptyKind, filterBids } from './bid-filters';
import { BidFiltersBar } from './components/bid-filters-bar';
import { AwaitingConfirmation, awaitingBids } from './components/awaiting-confirmation';
import { BidStatusBadge } from './components/bid-status-badge';
import { useLiveBids } from './use-live-bids';

/** Rows shown at first and added by each press for more (the server sends at most 1000 bids). */
export const BIDS_PAGE_SIZE = 50;

const MAX_ID = 2_147_483_647;

/** The shared state's tenderId as a tender id, or null when empty or not an id. */
function tenderIdOf(value: string): number | null {
  if (!/^\d{1,10}$/.test(value.trim())) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * Bids: my bids with their tenders, searched and filtered on the client,
 * optionally narrowed to one tender (the shared filter state's tenderId, which a link may set with
 * ?tender_id=). A row opens its tender; an accepted bid's track action opens its shipment.
 */
export function BidsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('terms.bids'));
  useLiveBids();
  const navigate = useNavigate();
  const filters = useListFilters('bids');
  const { setFilter, setSearch } = filters;

  const [params, setParams] = useSearchParams();
  const tenderFromLink = params.get('tender_id');
  useEffect(() => {
    if (tenderFromLink && tenderIdOf(tenderFromLink) !== null) setFilter('tenderId', tenderFromLink);
  }, [tenderFromLink, setFilter]);
  const tenderId = tenderIdOf(filters.tenderId);
  const showAllTenders = () => {
    setFilter('tenderId', '');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('tender_id');
        return next;
      },
      { replace: true },
    );
  };

  const query = useMyBids(tenderId);
  const bids = useMemo(() => query.data ?? [], [query.data]);

  // a failed load also shows its text as a toast: the server's, else the screen's own
  useEffect(() => {
    if (query.error) toast.error(errorMessage(query.error, t('bids.fetchFailed')), { id: 'bids-fetch' });
  }, [query.error, t]);

  const search = useDeferredValue(filters.search);
  const chosen = {
    search,
    deliverySpeed: filters.deliverySpeed,
    priceRange: filters.priceRange,
    location: filters.location,
  };
  const visible = filterBids(bids, chosen);

  // more rows are shown a page at a time; a new search or filter starts again from the first page
  const signature = JSON.stringify([chosen, tenderId]);
  const [paging, setPaging] = useState({ signature, limit: BIDS_PAGE_SIZE });
  const limit = paging.signature === signature ? paging.limit : BIDS_PAGE_SIZE;
  const rows = visible.slice(0, limit);

  const track = (bid: MyBid) => {
    chooseShipment(bid.number);
    void navigate(webRoutes.shipmentStatus);
  };

  const trackButton = (bid: MyBid) =>
    bid.status === 'accepted' && (
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('bids.trackLabel', { number: bid.number })}
        onClick={(event) => {
          event.stopPropagation();
          track(bid);
        }}
        // Enter and Space act on the button, not on the row around it
        onKeyDown={(event) => event.stopPropagation()}
      >
        {t('terms.track')}
      </Button>
    );
  const columns: Column<MyBid>[] = [
    {
      key: 'number',
      header: t('bids.columns.number'),
      cell: (bid) => <span className="font-medium">{bid.number}</span>,
    },
    { key: 'name', header: t('bids.columns.name'), cell: (bid) => bid.name },
    { key: 'origin', header: t('terms.origin'), cell: (bid) => bid.origin_location },
    { key: 'destination', header: t('terms.destination'), cell: (bid) => bid.destination_location },
    {
      key: 'weight',
      header: t('terms.weightKg'),
      cell: (bid) => formatNumber(bid.cargo_weight, t('common.notAvailable')),
      align: 'right',
    },
    {
      key: 'price',
      header: t('bids.columns.price'),
      cell: (bid) => formatUsd(bid.bid_amount, t('common.notAvailable')),
      align: 'right',
    },
    {
      key: 'status',
      header: t('terms.itemStatus'),
      cell: (bid) => (
        <span className="flex items-center gap-2">
          <BidStatusBadge status={bid.status} />
          {trackButton(bid)}
        </span>
      ),
    },
  ];

  let body;
  if (query.isPending) {
    body = <LoadingState text={t('bids.loading')} />;
  } else if (query.isError) {
    body = (
      <ErrorState
        message={t('bids.error')}
        onRetry={() => void query.refetch()}
        retryLabel={t('common.retry')}
        retrying={query.isRefetching}
      />
    );
  } else if (visible.length === 0) {
    body = <EmptyState title={emptyKind(chosen) === 'noResults' ? t('bids.noResultsFound') : t('bids.empty')} />;
  } else {
    body = (
      <>
        <DataTable
          caption={t('bids.tableCaption')}
          columns={columns}
          rows={rows}
          rowKey={(bid) => bid.id}
          onRowClick={(bid) => void navigate(pathTo(webRoutes.tender, { id: bid.tender_id }))}
          rowLabel={(bid) => t('bids.rowLabel', { number: bid.number, name: bid.name })}
          card={(bid) => (
            <RouteCard
              origin={bid.origin_location}
              destination={bid.destination_location}
              facts={[
                t('terms.cardWeight', { weight: formatNumber(bid.cargo_weight, t('common.notAvailable')) }),
                formatUsd(bid.bid_amount, t('common.notAvailable')),
                t('terms.cardCloses', { time: formatMarketTime(Date.parse(bid.tender_closes_at)) }),
              ]}
              footer={`${bid.number} · ${bid.name}`}
            />
          )}
          cardActions={(bid) => (
            <>
              <BidStatusBadge status={bid.status} />
              {trackButton(bid)}
            </>
          )}
        />
        {visible.length > rows.length && (
          <div className="mt-4 flex flex-col items-center gap-2">
            <p className="text-sm text-slate-400">{t('bids.shown', { shown: rows.length, total: visible.length })}</p>
            <Button variant="secondary" onClick={() => setPaging({ signature, limit: limit + BIDS_PAGE_SIZE })}>
              {t('bids.showMore', { n: Math.min(BIDS_PAGE_SIZE, visible.length - rows.length) })}
            </Button>
          </div>
        )}
      </>
    );
  }

  // clears what the bar shows; a narrowing to one tender has its own button
  const clearFilters = () => {
    setSearch('');
    setFilter('deliverySpeed', '');
    setFilter('priceRange', '');
    setFilter('location', '');
  };
  const anyFilter = [filters.search, filters.deliverySpeed, filters.priceRange, filters.location].some(
    (value) => value.trim() !== '',
  );

  return (
    <div>
      <PageHeader
        title={t('terms.bids')}
        subtitle={t('bids.subtitle')}
        actions={
          <>
            <CsvDownloadButton
              path={apiPaths.bids.mine}
              // the server applies the same filter rules as this screen (packages/shared)
              query={{
                tender_id: tenderId ?? undefined,
                q: filters.search.trim(),
                delivery: filters.deliverySpeed,
                price: filters.priceRange,
                location: filters.location,
              }}
              label={t('bids.download')}
              fallbackName="my-bids.csv"
            />
            <ButtonLink to={webRoutes.tenders}>{t('bids.continueBrowsingTenders')}</ButtonLink>
          </>
        }
      />
      <AwaitingConfirmation bids={awaitingBids(bids)} />
      <BidFiltersBar
        filters={filters}
        onSearch={setSearch}
        onFilter={setFilter}
        onReset={anyFilter ? clearFilters : undefined}
      />
      {tenderId !== null && (
        <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-navy-800 px-3 py-1 text-slate-100 ring-1 ring-navy-600 ring-inset">
            {bids[0]?.tender_id === tenderId
              ? t('bids.tenderOnly', { number: bids[0].number })
              : t('bids.tenderOnlyId', { id: tenderId })}
          </span>
          <Button variant="ghost" size="sm" onClick={showAllTenders}>
            <CloseIcon className="size-4" />
            {t('bids.showAllTenders')}
          </Button>
        </div>
      )}
      <p role="status" className="mb-3 text-sm text-slate-300">
        {query.isSuccess ? t('bids.count', { n: visible.length }) : ''}
      </p>
      {body}
    </div>
  );
}
