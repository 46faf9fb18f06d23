import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  pathTo,
  type PositionBatchResult,
  type PositionPointInput,
  type PositionsPage,
  type TrackPoint,
} from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { shipmentKeys } from '../../../lib/query-keys';

/** A long trip is read a page at a time; past this many pages the start of the way is left out. */
const MAX_PAGES = 25;

/** GET /api/shipments/{number}/positions: the points after `since` (all when null), a page of 2,000. */
export function getPositions(number: string, since: string | null, signal?: AbortSignal): Promise<PositionsPage> {
  return api.get<PositionsPage>(pathTo(apiPaths.shipments.positions, { number }), {
    query: { since },
    signal,
    errorMessage: i18n.t('shipments.tracking.trackFailed'),
  });
}

/** The whole track, oldest first, page after page. */
export async function getTrack(number: string, signal?: AbortSignal): Promise<TrackPoint[]> {
  const points: TrackPoint[] = [];
  let since: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await getPositions(number, since, signal);
    points.push(...answer.points);
    if (!answer.more || answer.points.length === 0) break;
    since = answer.points.at(-1)!.recorded_at;
  }
  return points;
}

export function trackQueryOptions(number: string) {
  return queryOptions({
    queryKey: shipmentKeys.positions(number),
    queryFn: ({ signal }) => getTrack(number, signal),
    // new points arrive on the shipment's event stream; a reconnect reads the track again
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTrack(number: string, enabled: boolean) {
  return useQuery({ ...trackQueryOptions(number), enabled: enabled && hasAccessToken() });
}

/** New points from the event stream, merged into the cached track in time order (each time once). */
export function addTrackPoints(queryClient: QueryClient, number: string, points: readonly TrackPoint[]): void {
  queryClient.setQueryData<TrackPoint[]>(shipmentKeys.positions(number), (current) => {
    if (!current) return current; // not read yet: the first read brings them
    const byTime = new Map(current.map((point) => [point.recorded_at, point]));
    for (const point of points) byTime.set(point.recorded_at, point);
    return [...byTime.values()].sort((a, b) => Date.parse(a.recorded_at) - Date.parse(b.recorded_at));
  });
}

/** POST /api/shipments/{number}/positions: one batch of the carrier's kept points. */
export function sendPositions(number: string, points: PositionPointInput[]): Promise<PositionBatchResult> {
  return api.post<PositionBatchResult>(pathTo(apiPaths.shipments.positions, { number }), { points });
}
