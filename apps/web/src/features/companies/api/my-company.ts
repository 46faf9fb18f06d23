import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, STALE_TIMES, type Company, type CompanyDocument, type CompanyInput } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/companies/me: my company (blank and unverified until filled in). */
export function getMyCompany(signal?: AbortSignal): Promise<Company> {
  return api.get<Company>(apiPaths.companies.mine, { signal });
}

export function useMyCompany() {
  return useQuery({
    queryKey: companyKeys.mine(),
    queryFn: ({ signal }) => getMyCompany(signal),
    staleTime: STALE_TIMES.lists,
    enabled: hasAccessToken(),
  });
}

export type CompanyFiles = Partial<Record<CompanyDocument, File>>;

/** The profile form as the API takes it: its fields and any newly chosen documents. */
export function toCompanyFormData(values: CompanyInput, files: CompanyFiles): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, String(value ?? ''));
  for (const [name, file] of Object.entries(files)) if (file) form.append(name, file, file.name);
  return form;
}

/** PUT /api/companies/me (multipart): 200 with the company; 400/413/415 with the fields named. */
export function useSaveMyCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, files }: { values: CompanyInput; files: CompanyFiles }) =>
      api.put<Company>(apiPaths.companies.mine, toCompanyFormData(values, files), {
        errorMessage: i18n.t('companies.mine.saveFailed'),
      }),
    onSuccess: (company) => queryClient.setQueryData(companyKeys.mine(), company),
  });
}

/** POST /api/companies/me/verification: sends the company for review. */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<Company>(apiPaths.companies.verification, undefined, {
        errorMessage: i18n.t('companies.mine.sendFailed'),
      }),
    onSuccess: (company) => queryClient.setQueryData(companyKeys.mine(), company),
  });
}
