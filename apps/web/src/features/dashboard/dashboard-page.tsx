import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DASHBOARD_DEFAULT_MONTHS, DASHBOARD_PERIOD_MONTHS, lastMonthsPeriod, webRoutes } from '@yuk/shared';
import { PageHeader } from '../../components/ui/page-header';
import { SelectField } from '../../components/ui/select-field';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from '../../components/ui/button-link';
import { useDashboard } from './api/get-dashboard';
import { CarrierSection, ShipperSection } from './components/sections';

/** The period in the address (`?months=6`), one of the offered lengths; 12 months otherwise. */
function monthsOf(value: string | null): number {
  const months = Number(value);
  return (DASHBOARD_PERIOD_MONTHS as readonly number[]).includes(months) ? months : DASHBOARD_DEFAULT_MONTHS;
}

/**
 * /dashboard, the home of a signed-in user: their own figures by Tashkent month. The shipper's side when
 * they have posted tenders, the carrier's when they have bid, both when both; someone new is shown where
 * to start.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.dashboard'));
  const [params, setParams] = useSearchParams();
  const months = monthsOf(params.get('months'));
  // today is read once per chosen length: a page left open past midnight keeps its period until changed
  const period = useMemo(() => lastMonthsPeriod(months), [months]);
  const dashboard = useDashboard(period);

  const choosePeriod = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (Number(value) === DASHBOARD_DEFAULT_MONTHS) next.delete('months');
        else next.set('months', value);
        return next;
      },
      { replace: true },
    );

  let body;
  if (dashboard.isPending) body = <LoadingState text={t('dashboard.loading')} />;
  else if (dashboard.isError) {
    body = (
      <ErrorState
        message={errorMessage(dashboard.error, t('dashboard.fetchFailed'))}
        onRetry={() => void dashboard.refetch()}
        retryLabel={t('common.retry')}
        retrying={dashboard.isRefetching}
      />
    );
  } else if (!dashboard.data.shipper && !dashboard.data.carrier) {
    body = (
      <EmptyState
        title={t('dashboard.nothingYet')}
        description={t('dashboard.nothingYetHint')}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <ButtonLink to={webRoutes.createTender}>{t('dashboard.postTender')}</ButtonLink>
            <ButtonLink to={webRoutes.tenders}>{t('dashboard.findTenders')}</ButtonLink>
          </div>
        }
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-10">
        {dashboard.data.shipper && <ShipperSection figures={dashboard.data.shipper} />}
        {dashboard.data.carrier && <CarrierSection figures={dashboard.data.carrier} />}
      </div>
    );
  }

  return (
    <div className="min-w-0">
      <PageHeader
        title={t('nav.dashboard')}
        subtitle={`${t('dashboard.subtitle')} · ${formatDate(period.from)} – ${formatDate(period.to)}`}
        actions={
          <SelectField
            label={t('dashboard.period')}
            value={String(months)}
            onChange={(event) => choosePeriod(event.target.value)}
            options={DASHBOARD_PERIOD_MONTHS.map((n) => ({
              value: String(n),
              label: t('dashboard.lastMonths', { n }),
            }))}
            containerClassName="w-48 max-sm:w-full"
          />
        }
      />
      {body}
    </div>
  );
}
