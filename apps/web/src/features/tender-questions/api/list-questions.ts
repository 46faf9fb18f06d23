import { useQuery } from '@tanstack/react-query';
import { apiPaths, pathTo, type TenderQuestion } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { tenderKeys } from '../../../lib/query-keys';

/** GET /api/tenders/{id}/questions: the ones I may read, oldest first (the tender's stream says when they change). */
export function useTenderQuestions(tenderId: number) {
  return useQuery({
    queryKey: tenderKeys.questions(tenderId),
    queryFn: ({ signal }) =>
      api.get<TenderQuestion[]>(pathTo(apiPaths.tenders.questions, { id: tenderId }), {
        signal,
        errorMessage: i18n.t('tenderQuestions.loadFailed'),
      }),
  });
}
