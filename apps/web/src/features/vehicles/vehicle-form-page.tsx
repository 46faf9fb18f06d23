import { useTranslation } from 'react-i18next';
import { matchPath, useLocation, useParams } from 'react-router';
import { vehicle as vehicleSchema, type Vehicle, webRoutes } from '@yuk/shared';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorMessage, isApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from '../../components/ui/button-link';
import { useVehicle } from './api/get-vehicle';
import { VehicleForm } from './components/vehicle-form';

/** A vehicle id from the address: a positive whole number, else undefined (answered as not found). */
function parseId(raw: string | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
}

/** The vehicle the list passed along in the navigation state, when it has the API's shape. */
function passedVehicle(state: unknown): Vehicle | undefined {
  if (typeof state !== 'object' || state === null || !('vehicle' in state)) return undefined;
  const parsed = vehicleSchema.safeParse(state.vehicle);
  return parsed.success ? parsed.data : undefined;
}

function AddVehiclePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('vehicles.form.addTitle'));
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('vehicles.form.addTitle')} />
      <VehicleForm />
    </div>
  );
}

function EditVehiclePage({ rawId }: { rawId: string | undefined }) {
  const { t } = useTranslation();
  useDocumentTitle(t('vehicles.form.editTitle'));
  const location = useLocation();
  const id = parseId(rawId);
  const query = useVehicle(id, passedVehicle(location.state));

  let content;
  if (id === undefined || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    content = (
      <EmptyState
        title={t('errors.VEHICLE_NOT_FOUND')}
        description={t('vehicles.form.notFoundHint')}
        action={<ButtonLink to={webRoutes.vehicles}>{t('vehicles.form.backToList')}</ButtonLink>}
      />
    );
  } else if (query.data) {
    // a new vehicle id starts a fresh form
    content = <VehicleForm key={query.data.id} vehicle={query.data} />;
  } else if (query.isError) {
    content = (
      <ErrorState
        message={t('vehicles.form.loadError', {
          message: errorMessage(query.error, t('vehicles.toasts.fetchFailed')),
        })}
        onRetry={() => void query.refetch()}
        retryLabel={t('common.retry')}
        retrying={query.isFetching}
      />
    );
  } else {
    content = <LoadingState text={t('common.loading')} />;
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('vehicles.form.editTitle')} />
      {content}
    </div>
  );
}

/** /vehicles/new adds a vehicle, /vehicles/edit/{id} edits one (also from a direct link). */
export function VehicleFormPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  return matchPath(webRoutes.editVehicle, pathname) ? <EditVehiclePage key={id} rawId={id} /> : <AddVehiclePage />;
}
