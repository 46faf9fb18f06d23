import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, STALE_TIMES, type SavedSearch } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { savedSearchKeys } from '../../../lib/query-keys';

/** GET /api/saved-searches: mine, newest first. */
export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => api.get<SavedSearch[]>(apiPaths.savedSearches.collection, { signal }),
    staleTime: STALE_TIMES.lists,
  });
}

/** DELETE /api/saved-searches/{id}. */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<null>(pathTo(apiPaths.savedSearches.one, { id }), {
        errorMessage: i18n.t('savedSearches.deleteFailed'),
      }),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<SavedSearch[]>(savedSearchKeys.all, (list) => list?.filter((s) => s.id !== id));
      return queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
    },
  });
}
