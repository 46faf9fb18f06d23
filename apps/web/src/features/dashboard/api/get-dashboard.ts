import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, apiPaths, type Dashboard } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/query-keys';

export interface DashboardPeriod {
  from: string;
  to: string;
}

/** GET /api/dashboard?from=&to=: my figures by Tashkent month, as a shipper and as a carrier. */
export function getDashboard(period: DashboardPeriod, signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>(apiPaths.dashboard, {
    query: { from: period.from, to: period.to },
    signal,
    errorMessage: i18n.t('dashboard.fetchFailed'),
  });
}

export const dashboardQueryOptions = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: dashboardKeys.period(period),
    queryFn: ({ signal }) => getDashboard(period, signal),
    staleTime: STALE_TIMES.lists,
  });

export function useDashboard(period: DashboardPeriod) {
  return useQuery(dashboardQueryOptions(period));
}
