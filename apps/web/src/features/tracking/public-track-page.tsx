import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, SHIPMENT_STATUS_TEXT, webRoutes, type PublicTrack, type ShipmentStatus } from '@yuk/shared';
import { TrackMap } from '../../components/map/track-map';
import { TrackSummary } from '../../components/map/track-summary';
import { useTrackMapTexts } from '../../components/map/use-track-map-texts';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { StatusBadge, type BadgeTone } from '../../components/ui/status-badge';
import { LANGUAGE_NAMES, useLanguage } from '../../i18n';
import { cn } from '../../lib/cn';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useMapSettings } from '../../lib/public-config';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePublicTrack } from './api/get-track';

const TONES: Record<ShipmentStatus, BadgeTone> = {
  awarded: 'grey',
  loaded: 'blue',
  on_the_way: 'orange',
  delivered: 'green',
};

/** The token of a tracking link's page, /track/{token}; '' when the path holds none. */
export function trackTokenOf(pathname: string): string {
  const prefix = webRoutes.track.slice(0, webRoutes.track.indexOf(':'));
  if (!pathname.startsWith(prefix)) return '';
  const rest = pathname.slice(prefix.length).replace(/\/$/, '');
  if (!rest || rest.includes('/')) return '';
  try {
    return decodeURIComponent(rest);
  } catch {
    return '';
  }
}

function LanguageSwitch() {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div role="group" aria-label={t('tracking.language')} className="flex gap-1">
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === language}
          onClick={() => void setLanguage(lang)}
          className={cn(
            'h-11 rounded-lg px-3 text-sm font-medium',
            lang === language ? 'bg-blue-600 text-white' : 'text-slate-200 hover:bg-navy-800',
          )}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}

function Timeline({ track }: { track: PublicTrack }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const headingId = useId();
  const steps = [
    { step: 'loaded', at: track.loaded_at },
    { step: 'on_the_way', at: track.on_the_way_at },
    { step: 'delivered', at: track.delivered_at },
  ] as const;
  return (
    <div>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-300">
        {t('tracking.timeline')}
      </h3>
      <ol aria-labelledby={headingId} className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {steps.map(({ step, at }) => (
          <li key={step} data-done={at !== null} className={cn('text-sm', at ? 'text-white' : 'text-slate-400')}>
            <span className="font-medium">{SHIPMENT_STATUS_TEXT[step][language]}</span>
            {at && (
              <>
                {': '}
                <time dateTime={at}>{formatDateTime(at)}</time>
              </>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function TrackView({ track }: { track: PublicTrack }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const map = useMapSettings();
  const headingId = useId();
  const texts = useTrackMapTexts();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {t('tracking.shipment', { number: track.number })}
        </h2>
        <StatusBadge label={SHIPMENT_STATUS_TEXT[track.status][language]} tone={TONES[track.status]} />
      </div>
      <p className="text-slate-200">
        <span className="text-sm text-slate-400">{t('tracking.route')}: </span>
        {track.origin} → {track.destination}
      </p>
      <Timeline track={track} />
      {track.status === 'awarded' ? (
        <p className="text-sm text-slate-300">{t('tracking.awarded')}</p>
      ) : (
        <TrackSummary
          points={track.points}
          destination={track.destination_point}
          mode={track.mode}
          delivered={track.status === 'delivered'}
        />
      )}
      {map.ready && (
        <TrackMap
          track={track.points}
          last={track.last_position}
          origin={track.origin_point}
          destination={track.destination_point}
          tileUrl={map.tileUrl}
          attribution={map.attribution}
          texts={texts}
        />
      )}
      <div className="flex flex-col gap-1 text-xs text-slate-400">
        <p>{t('tracking.updated')}</p>
        {track.expires_at && <p>{t('tracking.expires', { time: formatDateTime(track.expires_at) })}</p>}
        <p>{t('tracking.privacy')}</p>
      </div>
    </section>
  );
}

/**
 * /track/{token}: what a tracking link shows the receiver, signed out: the shipment's status, its steps, the
 * way on a map, the last position and an estimated arrival, refreshed every 30 seconds. Nothing personal is
 * ever sent to it. A link that does not work (unknown, revoked, ended) says so, the same for each.
 */
export function PublicTrackPage({ pathname = window.location.pathname }: { pathname?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('tracking.title'));
  const token = trackTokenOf(pathname);
  const track = usePublicTrack(token);

  let body;
  if (!token || (track.isError && isApiError(track.error) && track.error.status === 404)) {
    body = <EmptyState title={t('tracking.notFound')} description={t('tracking.notFoundHint')} />;
  } else if (track.isPending) {
    body = <LoadingState text={t('tracking.loading')} />;
  } else if (track.isError && !track.data) {
    body = (
      <ErrorState
        message={errorMessage(track.error, t('tracking.failed'))}
        onRetry={() => void track.refetch()}
        retryLabel={t('common.retry')}
        retrying={track.isRefetching}
      />
    );
  } else {
    body = track.data ? <TrackView track={track.data} /> : null;
  }

  return (
    <div className="min-h-screen bg-navy-950 text-slate-100">
      <header className="border-b border-navy-800 bg-navy-900">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="text-lg font-bold text-white">{t('common.appName')}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
        <h1 className="text-2xl font-semibold text-white">{t('tracking.title')}</h1>
        {body}
      </main>
    </div>
  );
}

export default PublicTrackPage;
