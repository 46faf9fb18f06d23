import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, pathTo, type TenderQuestion } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { tenderKeys } from '../../../lib/query-keys';

/** POST /api/tenders/{id}/questions/{qid}/answer: the owner answers, once. */
export function useAnswerQuestion(tenderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, text }: { questionId: number; text: string }) =>
      api.post<TenderQuestion>(
        pathTo(apiPaths.tenders.answer, { id: tenderId, qid: questionId }),
        { text },
        { errorMessage: i18n.t('tenderQuestions.answerFailed') },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.questions(tenderId) }),
  });
}
