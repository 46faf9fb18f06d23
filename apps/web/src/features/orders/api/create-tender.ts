import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTenderInput, Tender } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';

/** Every tender list (all tenders, each mode, My Orders) sits under this key. */
export const tenderListsRootKey = ['tenders'] as const;

/** POST /api/tenders: 201 with the tender; 400 with the spec's texts and the fields named. */
export function createTender(input: CreateTenderInput): Promise<Tender> {
  return api.post<Tender>('/api/tenders', input, { errorMessage: i18n.t('orders.create.failed') });
}

/** After a tender is created the tender lists are refreshed (spec section 4). */
export function useCreateTender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderListsRootKey }),
  });
}
