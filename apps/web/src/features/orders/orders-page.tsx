import { useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  apiPaths,
  matchesOrdersFilters,
  tender as tenderSchema,
  type OrdersFilters,
  type Tender,
  webRoutes,
  pathTo,
} from '@yuk/shared';
import { toast } from '../../lib/toast';
import { CsvDownloadButton } from '../../components/csv-download';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api-client';
import { hasActiveFilters, useListFilters } from '../../lib/filter-store';
import { formatNumber } from '../../lib/format';
import { chooseShipment } from '../../lib/shipment-tracking';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from '../../components/ui/button-link';
import { useMyTenders } from './api/get-my-tenders';
import { OrdersFilters as OrdersFilterBar } from './components/orders-filters';
import { OrdersTable } from './components/orders-table';

/** A tender handed over in the navigation state (e.g. by a screen that just made one), when it is one. */
function passedTender(state: unknown): Tender | null {
  if (typeof state !== 'object' || state === null) return null;
  const parsed = tenderSchema.safeParse((state as { tender?: unknown }).tender);
  return parsed.success ? parsed.data : null;
}

/** The orders the screen shows: the user's tenders plus a passed-in one not yet among them, then filtered. */
export function visibleOrders(orders: readonly Tender[], passed: Tender | null, filters: OrdersFilters): Tender[] {
  const all = passed && !orders.some((order) => order.id === passed.id) ? [...orders, passed] : orders;
  return all.filter((order) => matchesOrdersFilters(order, filters));
}

/**
 * /orders (My Orders): the user's own tenders from GET /api/tenders/me, searched and filtered on the client
 * with the screen's own rules (packages/shared tender-filters: price bands up to 1000 / up to 5000 / above,
 * non-numbers excluded; location by origin; search in name, cargo type, origin and destination).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const filters = useListFilters('orders');
  const orders = useMyTenders();
  useDocumentTitle(t('orders.list.title'));

  const passed = useMemo(() => passedTender(location.state), [location.state]);
  // typing stays quick on long lists: the filtering follows the search box a moment later
  const search = useDeferredValue(filters.search);
  const { deliverySpeed, priceRange, location: place } = filters;
  const rows = useMemo(
    () =>
      orders.data ? visibleOrders(orders.data, passed, { search, deliverySpeed, priceRange, location: place }) : [],
    [orders.data, passed, search, deliverySpeed, priceRange, place],
  );

  const open = useCallback((order: Tender) => void navigate(pathTo(webRoutes.tender, { id: order.id })), [navigate]);
  const track = useCallback(
    (order: Tender) => {
      if (!chooseShipment(order.number)) {
        toast.error(t('terms.theBrowserStorageCouldNotBeWritten'));
        return;
      }
      void navigate(webRoutes.shipmentStatus);
    },
    [navigate, t],
  );

  let content;
  if (orders.isPending) {
    content = <LoadingState text={t('orders.list.loading')} />;
  } else if (orders.isError) {
    content = (
      <ErrorState
        message={errorMessage(orders.error, t('orders.list.failed'))}
        onRetry={() => void orders.refetch()}
        retryLabel={t('common.retry')}
        retrying={orders.isFetching}
      />
    );
  } else if (rows.length === 0) {
    content = hasActiveFilters(filters) ? (
      <EmptyState
        title={t('orders.list.empty')}
        description={t('terms.tryAnotherSearchWordOrOtherFilters')}
        action={
          <Button variant="secondary" onClick={filters.resetFilters}>
            {t('terms.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        title={t('orders.list.empty')}
        description={t('orders.list.emptyHint')}
        action={<ButtonLink to={webRoutes.createTender}>{t('orders.list.create')}</ButtonLink>}
      />
    );
  } else {
    content = <OrdersTable orders={rows} onOpen={open} onTrack={track} />;
  }

  return (
    <>
      <PageHeader
        title={t('orders.list.title')}
        subtitle={t('orders.list.subtitle')}
        actions={
          <>
            <CsvDownloadButton
              path={apiPaths.tenders.mine}
              // the server applies My Orders' own rules to these, so the file holds the rows on screen
              query={{ q: filters.search.trim(), delivery: deliverySpeed, price: priceRange, location: place }}
              label={t('orders.list.download')}
              fallbackName="my-orders.csv"
            />
            <ButtonLink to={webRoutes.importTenders} variant="secondary">
              {t('orders.list.importLink')}
            </ButtonLink>
            <ButtonLink to={webRoutes.createTender}>
              <span aria-hidden="true" className="text-lg leading-none">
                +
              </span>
              {t('orders.list.create')}
            </ButtonLink>
          </>
        }
      />
      <OrdersFilterBar
        filters={filters}
        setSearch={filters.setSearch}
        setFilter={filters.setFilter}
        resetFilters={filters.resetFilters}
      />
      <p role="status" className="mb-3 min-h-5 text-sm text-slate-300">
        {orders.data ? t('orders.list.count', { n: formatNumber(rows.length) }) : null}
      </p>
      {content}
    </>
  );
}
