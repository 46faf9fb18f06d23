import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type TenderQuestion } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { tenderKeys } from '../../../lib/query-keys';

/** POST /api/tenders/{id}/questions: a carrier asks the owner. */
export function useAskQuestion(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post<TenderQuestion>(
        pathTo(apiPaths.tenders.questions, { id: tenderId }),
        { text },
        { errorMessage: i18n.t('tenderQuestions.askFailed') },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.questions(tenderId) }),
  });
}
