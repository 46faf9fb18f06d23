import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import { useOnline } from '../../../lib/use-online';
import { usePositionSharing } from '../tracking/use-position-sharing';

/**
 * The carrier's phone shares its position while the shipment is loaded or on the way. What will happen is
 * said before the browser asks for permission; then the panel tells whether it is sharing, how many points
 * wait to be sent (kept on the phone while offline) and when they last went.
 */
export function SharePositionPanel({ number, onRoad }: { number: string; onRoad: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const titleId = useId();
  const sharing = usePositionSharing(number, onRoad);
  const on = sharing.state === 'on' || sharing.state === 'asking';

  if (!onRoad) {
    // delivered: nothing more is read, but what the phone kept still goes
    if (sharing.pending === 0) return null;
    return (
      <p role="status" className="text-sm text-slate-300">
        {t('shipments.tracking.share.finishing', { n: sharing.pending })}
      </p>
    );
  }

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-navy-700 bg-navy-850 p-4"
    >
      <h3 id={titleId} className="font-semibold text-white">
        {t('shipments.tracking.share.title')}
      </h3>
      {!on && <p className="text-sm text-slate-300">{t('shipments.tracking.share.explain')}</p>}
      {sharing.state === 'denied' && (
        <p role="alert" className="text-sm text-amber-200">
          {t('shipments.tracking.share.denied')}
        </p>
      )}
      {sharing.state === 'unavailable' && (
        <p role="alert" className="text-sm text-amber-200">
          {t('shipments.tracking.share.unavailable')}
        </p>
      )}
      <div role="status" className="flex flex-col gap-1 text-sm">
        {sharing.state === 'asking' && <span className="text-slate-200">{t('shipments.tracking.share.asking')}</span>}
        {sharing.state === 'on' && (
          <span className="inline-flex items-center gap-2 font-medium text-emerald-200">
            <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-emerald-400" />
            {t('shipments.tracking.share.on')}
          </span>
        )}
        {sharing.state === 'on' && !sharing.locating && (
          <span className="text-slate-300">{t('shipments.tracking.share.searching')}</span>
        )}
        {(sharing.pending > 0 || (on && sharing.lastSentAt)) && (
          <span className="text-slate-200" data-testid="positions-waiting">
            {sharing.pending > 0
              ? t('shipments.tracking.share.waiting', { n: sharing.pending })
              : t('shipments.tracking.share.allSent')}
          </span>
        )}
        {!online && sharing.pending > 0 && (
          <span className="text-amber-200">{t('shipments.tracking.share.offline')}</span>
        )}
        {sharing.lastSentAt && (
          <span className="text-slate-400">
            {t('shipments.tracking.share.lastSent', { time: formatDateTime(sharing.lastSentAt) })}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {on ? (
          <Button variant="secondary" onClick={sharing.stop}>
            {t('shipments.tracking.share.stop')}
          </Button>
        ) : (
          <Button onClick={sharing.start}>{t('shipments.tracking.share.start')}</Button>
        )}
        {sharing.pending > 0 && online && (
          <Button variant="ghost" onClick={() => void sharing.flush()}>
            {t('shipments.tracking.share.sendNow')}
          </Button>
        )}
      </div>
    </div>
  );
}
