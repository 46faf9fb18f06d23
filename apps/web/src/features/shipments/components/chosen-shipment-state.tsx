import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@yuk/shared';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { useShipment } from '../api/get-shipment';

interface ChosenShipmentStateProps {
  number: string | null;
  shipment: ReturnType<typeof useShipment>;
  /** Shown when no shipment is chosen, or the chosen one is not found. */
  notFound: ReactNode;
  /** The error line around the server's message (the message alone unless given). */
  errorText?: (message: string) => string;
  /** Draws the shipment once it is here. */
  children: (shipment: Shipment) => ReactNode;
}

/**
 * The states of the chosen shipment before it can be shown, alike on every page that shows one: none chosen,
 * or a number that is not ours (404) or not a number at all (400), says `notFound`; then loading, or an
 * error with a retry.
 */
export function ChosenShipmentState({
  number,
  shipment,
  notFound,
  errorText = (message) => message,
  children,
}: ChosenShipmentStateProps) {
  const { t } = useTranslation();
  if (number === null) return notFound;
  if (shipment.isPending) return <LoadingState text={t('shipments.status.loading')} />;
  if (shipment.isError) {
    if (isApiError(shipment.error) && (shipment.error.status === 404 || shipment.error.status === 400)) {
      return notFound;
    }
    return (
      <ErrorState
        message={errorText(errorMessage(shipment.error, t('shipments.status.fetchFailed')))}
        onRetry={() => void shipment.refetch()}
        retryLabel={t('common.retry')}
        retrying={shipment.isRefetching}
      />
    );
  }
  return children(shipment.data);
}
