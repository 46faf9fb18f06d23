import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackMapTexts } from './track-map';

/** The map's words, from the shared terms: the parties' page and the public page say the same. */
export function useTrackMapTexts(): TrackMapTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      label: t('terms.tracking.map'),
      loading: t('terms.tracking.mapLoading'),
      tilesFailed: t('terms.tracking.tilesFailed'),
      origin: t('terms.tracking.origin'),
      destination: t('terms.tracking.destination'),
      lastPosition: t('terms.tracking.lastPosition'),
    }),
    [t],
  );
}
