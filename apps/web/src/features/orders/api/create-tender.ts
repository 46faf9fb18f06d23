import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type CreateTenderInput, type CreateTenderValues, type Tender } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { invalidateTenderViews } from '../../../lib/query-keys';

/** POST /api/tenders: 201 with the tender; 400 with the spec's texts and the fields named. */
export function createTender(input: CreateTenderInput): Promise<Tender> {
  return api.post<Tender>(apiPaths.tenders.collection, input, { errorMessage: i18n.t('orders.create.failed') });
}

/** The checked form values as the API takes them: the close time back to ISO text. */
export function toCreateInput(values: CreateTenderValues): CreateTenderInput {
  return { ...values, closes_at: values.closes_at === null ? null : new Date(values.closes_at).toISOString() };
}

/** After a tender is created the tender lists are refreshed. */
export function useCreateTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateTenderValues) => createTender(toCreateInput(values)),
    onSuccess: () => invalidateTenderViews(queryClient),
  });
}
