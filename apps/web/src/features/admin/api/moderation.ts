import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  pathTo,
  type AuditEntry,
  type Company,
  type QuotaHit,
  type Report,
  type VerificationStatus,
} from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/admin/companies?status=: the companies a moderator reviews (all filled-in ones when ''). */
export function useCompaniesForReview(status: VerificationStatus | '') {
  return useQuery({
    queryKey: companyKeys.review(status),
    queryFn: ({ signal }) =>
      api.get<Company[]>(apiPaths.admin.companies, { query: { status: status || undefined }, signal }),
    enabled: hasAccessToken(),
  });
}

export type CompanyDecision = 'verify' | 'reject' | 'suspend' | 'unsuspend';

/** POST /api/admin/companies/{id}/verify | reject | suspend | unsuspend (reject and suspend with a reason). */
export function useDecideCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: CompanyDecision; reason?: string }) =>
      api.post<Company>(pathTo(apiPaths.admin[action], { id }), reason === undefined ? undefined : { reason }, {
        errorMessage: i18n.t('admin.failed'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

/** GET /api/admin/reports: open reports first. */
export function useReports() {
  return useQuery({
    queryKey: companyKeys.reports(),
    queryFn: ({ signal }) => api.get<Report[]>(apiPaths.admin.reports, { signal }),
    enabled: hasAccessToken(),
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<Report>(pathTo(apiPaths.admin.resolveReport, { id }), undefined, {
        errorMessage: i18n.t('admin.failed'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.reports() }),
  });
}

/** POST /api/admin/reports/{id}/hide: hides the reported question or message, and resolves the report. */
export function useHideReportSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<Report>(pathTo(apiPaths.admin.hideReportSubject, { id }), undefined, {
        errorMessage: i18n.t('admin.failed'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.reports() }),
  });
}

/** POST /api/admin/moderators { email }: makes another user a moderator. */
export function useGrantModerator() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ email: string }>(apiPaths.admin.moderators, { email }, { errorMessage: i18n.t('admin.failed') }),
  });
}

/** How much of a company's history the console shows (the newest first). */
export const COMPANY_HISTORY_LIMIT = 50;

/** GET /api/admin/audit?subject_type=company&subject_id=: a company's history in the audit trail. */
export function useCompanyHistory(companyId: number) {
  return useQuery({
    queryKey: companyKeys.audit(companyId),
    queryFn: ({ signal }) =>
      api.get<AuditEntry[]>(apiPaths.admin.audit, {
        query: { subject_type: 'company', subject_id: companyId, limit: COMPANY_HISTORY_LIMIT },
        signal,
      }),
    enabled: hasAccessToken(),
  });
}

/** GET /api/admin/quota-hits?days=: the accounts the write quotas refused most over the last `days` Tashkent days. */
export function useQuotaHits(days: number) {
  return useQuery({
    queryKey: companyKeys.quotaHits(days),
    queryFn: ({ signal }) => api.get<QuotaHit[]>(apiPaths.admin.quotaHits, { query: { days }, signal }),
    enabled: hasAccessToken(),
  });
}
