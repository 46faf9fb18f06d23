import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PublicConfig } from '@yuk/shared';
import { api } from './api-client';
import type { EimzoApiKey } from './eimzo';

/**
 * GET /api/config: the settings the pages need before anyone signs in (the map's tiles and attribution, the
 * keys for E-IMZO).
 */
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

/** The E-IMZO keys of an answer; an answer without them (an older server) reads as none. */
function eimzoApiKeysOf(config: unknown): EimzoApiKey[] {
  const eimzo: unknown = config && typeof config === 'object' && 'eimzo' in config ? config.eimzo : undefined;
  const keys: unknown = eimzo && typeof eimzo === 'object' && 'api_keys' in eimzo ? eimzo.api_keys : undefined;
  if (!Array.isArray(keys)) return [];
  return keys.filter(
    (each: unknown): each is EimzoApiKey =>
      !!each &&
      typeof each === 'object' &&
      'domain' in each &&
      typeof each.domain === 'string' &&
      'key' in each &&
      typeof each.key === 'string',
  );
}

/**
 * The keys the vendor issued for the site's domains, which E-IMZO is given before its first call; none when
 * the call failed (localhost needs none). `ready` is false while they are on their way.
 */
export function useEimzoApiKeys(): { apiKeys: EimzoApiKey[]; ready: boolean } {
  const config = useQuery({ ...publicConfigQueryOptions, select: eimzoApiKeysOf });
  return { apiKeys: config.data ?? NO_KEYS, ready: !config.isPending };
}

const NO_KEYS: EimzoApiKey[] = [];
