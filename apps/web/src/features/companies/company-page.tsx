import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { VerifiedBadge } from '../../components/company-badge';
import { ReportButton } from '../../components/report-button';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { StatusBadge } from '../../components/ui/status-badge';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCompany } from './api/get-company';

const percent = (share: number | null, none: string) => (share === null ? none : `${Math.round(share * 100)}%`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-navy-700 bg-navy-900 p-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-white">{value}</dd>
    </div>
  );
}

/** /companies/{id}: a company as everyone sees it, with how its deals went and its latest reviews. */
export function CompanyPage() {
  const { t } = useTranslation();
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const company = useCompany(id);
  useDocumentTitle(company.data?.name ?? t('companies.profile.title'));
  const none = t('companies.profile.none');

  if (id === null || (isApiError(company.error) && company.error.status === 404)) {
    return <EmptyState title={<span role="alert">{t('errors.COMPANY_NOT_FOUND')}</span>} />;
  }
  if (company.isError) {
    return (
      <ErrorState
        message={t('companies.profile.loadFailed')}
        onRetry={() => void company.refetch()}
        retryLabel={t('common.retry')}
        retrying={company.isFetching}
      />
    );
  }
  if (!company.data) return <LoadingState text={t('common.loading')} />;
  const c = company.data;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={c.name}
        subtitle={t('companies.profile.memberSince', { date: formatDate(c.member_since) })}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {c.kind && <StatusBadge tone="blue" label={t(`companies.kinds.${c.kind}`)} />}
            {c.verified ? <VerifiedBadge /> : <StatusBadge tone="grey" label={t('companies.status.unverified')} />}
            {c.suspended && <StatusBadge tone="red" label={t('companies.suspended')} />}
            <ReportButton subjectType="company" subjectId={c.id} />
          </div>
        }
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={t('companies.profile.deals')} value={String(c.deals_completed)} />
        <Figure
          label={t('companies.profile.rating')}
          value={
            c.rating_average === null
              ? none
              : t('companies.profile.ratingValue', { avg: c.rating_average, n: c.rating_count })
          }
        />
        <Figure label={t('companies.profile.noShows')} value={String(c.no_shows)} />
        <Figure label={t('companies.profile.onTime')} value={percent(c.on_time_share, none)} />
        <Figure label={t('companies.profile.paidOnTime')} value={percent(c.payment_on_time_share, none)} />
      </dl>
      <section aria-labelledby="company-reviews" className="mt-8">
        <h2 id="company-reviews" className="mb-3 text-lg font-semibold text-white">
          {t('companies.profile.reviews')}
        </h2>
        {c.reviews.length === 0 ? (
          <EmptyState title={t('companies.profile.noReviews')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {c.reviews.map((review) => (
              <li
                key={`${review.created_at}-${review.from}`}
                className="rounded-xl border border-navy-700 bg-navy-900 p-4"
              >
                <p className="font-semibold text-amber-200" aria-label={t('terms.stars', { n: review.score })}>
                  {'★'.repeat(review.score)}
                  <span className="text-navy-600">{'★'.repeat(5 - review.score)}</span>
                </p>
                {review.comment && <p className="mt-1 text-slate-100">{review.comment}</p>}
                <p className="mt-1 text-sm text-slate-400">
                  {review.from} · {formatDate(review.created_at)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
