import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TENDER_IMPORT_FILE_FIELD, apiPaths, type TenderImportCheck, type TenderImportResult } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { tenderKeys } from '../../../lib/query-keys';

function formOf(file: File): FormData {
  const form = new FormData();
  form.append(TENDER_IMPORT_FILE_FIELD, file);
  return form;
}

/** POST /api/tenders/import?dry_run=true: what each row would give; nothing is created. */
export function checkTenderImport(file: File): Promise<TenderImportCheck> {
  return api.post<TenderImportCheck>(apiPaths.tenders.import, formOf(file), {
    query: { dry_run: 'true' },
    errorMessage: i18n.t('orders.import.checkFailed'),
  });
}

/** POST /api/tenders/import: every row becomes a tender, or (one row failing) none does. */
export function importTenders(file: File): Promise<TenderImportResult> {
  return api.post<TenderImportResult>(apiPaths.tenders.import, formOf(file), {
    errorMessage: i18n.t('orders.import.failed'),
  });
}

export function useCheckTenderImport() {
  return useMutation({ mutationFn: checkTenderImport });
}

export function useImportTenders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importTenders,
    // My Orders and the tender lists now hold the new tenders
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenderKeys.lists() }),
  });
}
