import { useQuery } from '@tanstack/react-query';
import { apiPaths, pathTo, STALE_TIMES, type PublicCompany } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/companies/{id}: a company as everyone sees it. */
export function useCompany(id: number | null) {
  return useQuery({
    queryKey: companyKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<PublicCompany>(pathTo(apiPaths.companies.one, { id: id ?? 0 }), { signal }),
    staleTime: STALE_TIMES.lists,
    enabled: id !== null && hasAccessToken(),
  });
}
