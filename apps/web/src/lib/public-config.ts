import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PublicConfig } from '@yuk/shared';
import { api } from './api-client';

/** GET /api/config: the settings the pages need before anyone signs in (the map's tiles and attribution). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get<PublicConfig>(apiPaths.config, { signal, auth: false });
}

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => getPublicConfig(signal),
  // set once at the server's start
  staleTime: Number.POSITIVE_INFINITY,
});

export interface MapSettings {
  tileUrl: string | null;
  attribution: string;
  /** false while the settings are on their way (a map waits, rather than start without its tiles). */
  ready: boolean;
}

/** The map settings; when the call failed a map draws the track on a plain background. */
export function useMapSettings(): MapSettings {
  const config = useQuery(publicConfigQueryOptions);
  return {
    tileUrl: config.data?.map.tile_url ?? null,
    attribution: config.data?.map.attribution ?? '',
    ready: !config.isPending,
  };
}
