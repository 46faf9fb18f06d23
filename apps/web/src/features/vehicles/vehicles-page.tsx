import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPaths, FILE_LINK_TTL_SECONDS, type Vehicle, webRoutes } from '@yuk/shared';
import { toast } from '../../lib/toast';
import { CsvDownloadButton } from '../../components/csv-download';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api-client';
import { hasActiveFilters, useListFilters } from '../../lib/filter-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Pager } from '../../components/ui/pager';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ButtonLink } from '../../components/ui/button-link';
import { useDeleteVehicle } from './api/delete-vehicle';
import { useVehicles } from './api/get-vehicles';
import { DeleteVehicleDialog } from './components/delete-vehicle-dialog';
import { VehicleDetailsModal } from './components/vehicle-details-modal';
import { VehicleFilters } from './components/vehicle-filters';
import { VehiclesTable } from './components/vehicles-table';

export const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
/** Document links are signed for about an hour: older list data is fetched again before its links are shown. */
const LINKS_FRESH_MS = (FILE_LINK_TTL_SECONDS * 1000) / 2;

/** /vehicles, my vehicles: search, type and status filters, the list (paged), details, edit and delete. */
export function VehiclesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('vehicles.list.title'));
  const filters = useListFilters('vehicles');
  const search = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const query = useVehicles({ search: search.trim(), type: filters.vehicleType, status: filters.vehicleStatus });
  const removal = useDeleteVehicle();

  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<Vehicle | null>(null);

  const filterKey = `${search.trim()}|${filters.vehicleType}|${filters.vehicleStatus}`;
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  if (paging.key !== filterKey) setPaging({ key: filterKey, page: 1 });

  const { error } = query;
  useEffect(() => {
    if (error) toast.error(errorMessage(error, t('vehicles.toasts.fetchFailed')), { id: 'vehicles-fetch' });
    // one toast per failure; a language change does not repeat it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const rows = query.data ?? [];
  const filtered = hasActiveFilters(filters);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const page = Math.min(paging.page, pages);
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const details = detailsId === null ? null : (rows.find((vehicle) => vehicle.id === detailsId) ?? null);

  const openDetails = (vehicle: Vehicle) => {
    setDetailsId(vehicle.id);
    if (Date.now() - query.dataUpdatedAt > LINKS_FRESH_MS) void query.refetch();
  };

  const confirmDelete = (vehicle: Vehicle) => {
    removal.mutate(vehicle.id, {
      onSuccess: () => toast.success(t('vehicles.toasts.deleted')),
      onError: (failure) => toast.error(errorMessage(failure, t('vehicles.toasts.deleteFailed'))),
      onSettled: () => setToDelete(null),
    });
  };

  let content;
  if (query.isPending) {
    content = <LoadingState text={t('vehicles.list.loading')} />;
  } else if (query.isError) {
    content = (
      <ErrorState
        message={t('vehicles.list.error', { message: errorMessage(query.error, t('vehicles.toasts.fetchFailed')) })}
        onRetry={() => void query.refetch()}
        retryLabel={t('common.retry')}
        retrying={query.isFetching}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        title={filtered ? t('vehicles.list.emptyFiltered') : t('vehicles.list.empty')}
        action={filtered ? undefined : <ButtonLink to={webRoutes.newVehicle}>{t('vehicles.list.add')}</ButtonLink>}
      />
    );
  } else {
    content = (
      <>
        <VehiclesTable vehicles={shown} onDetails={openDetails} onDelete={setToDelete} />
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={rows.length}
          onPage={(next) => setPaging({ key: filterKey, page: next })}
        />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        title={t('vehicles.list.title')}
        actions={
          <>
            <CsvDownloadButton
              path={apiPaths.vehicles.mine}
              query={{ search: search.trim(), type: filters.vehicleType, status: filters.vehicleStatus }}
              label={t('vehicles.list.download')}
              fallbackName="my-vehicles.csv"
            />
            <ButtonLink to={webRoutes.newVehicle}>{t('vehicles.list.add')}</ButtonLink>
          </>
        }
      />
      <VehicleFilters
        search={filters.search}
        vehicleType={filters.vehicleType}
        vehicleStatus={filters.vehicleStatus}
        active={filtered}
        onSearch={filters.setSearch}
        onFilter={filters.setFilter}
        onReset={filters.resetFilters}
      />
      <div className="mb-3 flex min-h-6 items-center gap-3 text-sm text-slate-300" aria-live="polite">
        {!query.isPending && !query.isError && rows.length > 0 && (
          <span>{t('vehicles.list.count', { n: rows.length })}</span>
        )}
        {query.isFetching && !query.isPending && (
          <span className="inline-flex items-center gap-2 text-slate-400">
            <Spinner className="size-4" />
            {t('terms.updating')}
          </span>
        )}
      </div>
      <div aria-busy={query.isFetching || undefined}>{content}</div>
      <VehicleDetailsModal vehicle={details} onClose={() => setDetailsId(null)} />
      <DeleteVehicleDialog
        vehicle={toDelete}
        pending={removal.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
