import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, pathTo, type PublicTrack } from '@yuk/shared';
import i18n from '../../../i18n';
import { api, isApiError } from '../../../lib/api-client';

/** The public page asks again this often (it holds no live connection: any number of receivers may watch). */
export const TRACK_REFRESH_MS = 30_000;

/** GET /api/track/{token}: the shipment a tracking link shows; no session needed (none is sent). */
export function getPublicTrack(token: string, signal?: AbortSignal): Promise<PublicTrack> {
  return api.get<PublicTrack>(pathTo(apiPaths.track.one, { token }), {
    signal,
    auth: false,
    errorMessage: i18n.t('tracking.failed'),
  });
}

export function publicTrackQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['track', token] as const,
    queryFn: ({ signal }) => getPublicTrack(token, signal),
    refetchInterval: (query) =>
      isApiError(query.state.error) && query.state.error.status === 404 ? false : TRACK_REFRESH_MS,
    // a dead link stays dead: no retry
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 1,
  });
}

export const usePublicTrack = (token: string) => useQuery(publicTrackQueryOptions(token));
