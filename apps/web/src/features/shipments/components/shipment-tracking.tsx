import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { placeCoordinates, shipmentMode, type Shipment } from '@yuk/shared';
import { TrackMap } from '../../../components/map/track-map';
import { TrackSummary } from '../../../components/map/track-summary';
import { useTrackMapTexts } from '../../../components/map/use-track-map-texts';
import { ErrorState } from '../../../components/ui/states';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api-client';
import { useMapSettings } from '../../../lib/public-config';
import { useTrack } from '../api/positions';
import { useShipmentEvents } from '../api/shipment-events';
import { SharePositionPanel } from './share-position-panel';
import { ShareLinksPanel } from './share-links-panel';

/**
 * Where the cargo is, on the shipment page of both parties: the map with the track and the last position, its
 * age, the distance left and an estimated arrival, kept live by the shipment's event stream; the carrier's
 * "share my position" panel; and the tracking links for the receiver.
 */
export function ShipmentTracking({ shipment, className }: { shipment: Shipment; className?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const map = useMapSettings();
  const texts = useTrackMapTexts();
  const onRoad = shipment.status === 'loaded' || shipment.status === 'on_the_way';
  const started = shipment.status !== 'awarded';
  const track = useTrack(shipment.number, started);
  useShipmentEvents(shipment.number, true);

  const origin = useMemo(() => placeCoordinates(shipment.origin), [shipment.origin]);
  const destination = useMemo(() => placeCoordinates(shipment.destination), [shipment.destination]);
  const points = useMemo(() => track.data ?? [], [track.data]);
  const last = points.at(-1) ?? null;

  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-5 rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6', className)}
    >
      <h2 id={headingId} className="text-lg font-semibold text-white">
        {t('shipments.tracking.title')}
      </h2>
      {!started ? (
        <p className="text-sm text-slate-300">{t('shipments.tracking.notStarted')}</p>
      ) : track.isError ? (
        <ErrorState
          message={errorMessage(track.error, t('shipments.tracking.trackFailed'))}
          onRetry={() => void track.refetch()}
          retryLabel={t('common.retry')}
          retrying={track.isRefetching}
        />
      ) : (
        <>
          <TrackSummary
            points={points}
            destination={destination}
            mode={shipmentMode(shipment.description)}
            delivered={shipment.status === 'delivered'}
          />
          {map.ready && !track.isPending && (
            <TrackMap
              track={points}
              last={last}
              origin={origin}
              destination={destination}
              tileUrl={map.tileUrl}
              attribution={map.attribution}
              texts={texts}
            />
          )}
        </>
      )}
      {shipment.role === 'carrier' && started && <SharePositionPanel number={shipment.number} onRoad={onRoad} />}
      <ShareLinksPanel shipment={shipment} />
    </section>
  );
}
