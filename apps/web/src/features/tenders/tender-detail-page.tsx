import { useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { currentMinimum, type Tender, webRoutes } from '@yuk/shared';
import { LanePricePosition } from '../../components/lane-price';
import { ChevronLeftIcon } from '../../components/ui/icons';
import { CompanyLink } from '../../components/company-badge';
import { ReportButton } from '../../components/report-button';
import { FeatureSlot } from '../../lib/feature-slots';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/states';
import { isApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDate, formatNumber, formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMinBid } from './api/get-min-bid';
import { useTender } from './api/get-tender';
import { useTenderLiveUpdates } from './api/tender-events';
import { minBidOf } from './api/live-state';
import { AuctionFacts, BuyNowButton, canBuyNow, type Extension } from './components/auction-panel';
import { AwardHistory } from './components/award-history';
import { BidForm } from './components/bid-form';
import { OwnerActions, OwnerBids, useOwnerDecisions } from './components/owner-panel';
import { TenderStatusBadge } from './components/tender-status-badge';

/** A tender id from the path: a positive whole number, else null (answered as "not found" without a call). */
export function parseTenderId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={webRoutes.tenders}
      className="mb-4 inline-flex items-center gap-1 text-sm text-sky-300 hover:text-sky-200 hover:underline"
    >
      <ChevronLeftIcon className="size-4" />
      {t('tenders.detail.back')}
    </Link>
  );
}

function Fact({ label, children, live, wide }: { label: string; children: ReactNode; live?: boolean; wide?: boolean }) {
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-0.5 border-b border-navy-800 py-2.5 sm:flex-row sm:items-baseline sm:gap-4 sm:py-3 sm:last:border-b-0',
        wide && 'col-span-2',
      )}
    >
      <dt className="text-sm text-slate-400 sm:w-56 sm:shrink-0">{label}</dt>
      <dd className="font-medium break-words text-slate-100" aria-live={live ? 'polite' : undefined}>
        {children}
      </dd>
    </div>
  );
}

function TenderView({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const [extension, setExtension] = useState<Extension | null>(null);
  const onExtended = useCallback((minutes: number, closesAt: string) => setExtension({ minutes, closesAt }), []);
  const live = useTenderLiveUpdates(tender.id, true, onExtended);
  const minBidQuery = useMinBid(tender.id);
  // the min-bid call is the spec's source; the tender's own figure stands in until it answers
  const minBid = minBidQuery.data ? minBidQuery.data.min_bid : tender.current_min_bid;
  const minimum = currentMinimum({ current_min_bid: minBid, initial_price: tender.initial_price });
  const limits = minBidQuery.data ?? minBidOf(minBid, tender.initial_price, tender.min_step);
  const title = t('tenders.detail.heading', { number: tender.number });

  const decisions = useOwnerDecisions(tender);

  let action: ReactNode = null;
  if (tender.status === 'closed') action = <Notice>{t('errors.TENDER_NOT_OPEN')}</Notice>;
  else if (tender.status === 'awarded') action = <Notice>{t('errors.TENDER_ALREADY_AWARDED')}</Notice>;
  else if (tender.is_owner) {
    action = (
      <Notice tone="info">{tender.status === 'draft' ? t('tenders.detail.draft') : t('tenders.owner.yours')}</Notice>
    );
  } else if (tender.status === 'opened') {
    action = (
      <>
        {canBuyNow(tender) && <BuyNowButton tender={tender} />}
        <BidForm
          tenderId={tender.id}
          minimum={minimum}
          step={limits.min_step}
          nextMax={limits.next_max_bid}
          cargoWeight={tender.cargo_weight}
        />
      </>
    );
  }

  return (
    <>
      <BackLink />
      <PageHeader
        title={title}
        subtitle={tender.name}
        actions={
          <>
            {/* its place is kept while the stream connects, so nothing below moves when it shows */}
            <span
              aria-hidden={!live}
              className={cn('inline-flex items-center gap-1.5 text-xs text-emerald-300', !live && 'invisible')}
            >
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-emerald-400" />
              {t('tenders.detail.live')}
            </span>
            <TenderStatusBadge status={tender.status} />
            {!tender.is_owner && <ReportButton subjectType="tender" subjectId={tender.id} />}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-label={t('tenders.detail.details')}
          className="rounded-xl border border-navy-700 bg-navy-900 px-5 py-2"
        >
          <dl className="grid grid-cols-2 gap-x-4 sm:block">
            <Fact label={t('terms.name')} wide>
              {tender.name}
            </Fact>
            {tender.owner_company && (
              <Fact label={t('tenders.detail.fields.ownerCompany')} wide>
                <CompanyLink company={tender.owner_company} />
              </Fact>
            )}
            <Fact label={t('terms.cargoType')} wide>
              {tender.cargo_type}
            </Fact>
            <Fact label={t('terms.weightKg')}>{formatNumber(tender.cargo_weight)}</Fact>
            <Fact label={t('tenders.detail.fields.volume')}>{formatNumber(tender.cargo_volume)}</Fact>
            <Fact label={t('terms.origin')}>{tender.origin_location}</Fact>
            <Fact label={t('terms.tenderDestination')}>{tender.destination_location}</Fact>
            <Fact label={t('terms.shipmentDate')}>{formatDate(tender.shipment_date)}</Fact>
            <Fact label={t('terms.tenderDeliveryDate')}>{formatDate(tender.delivery_date)}</Fact>
            <Fact label={t('terms.tenderStartDate')}>{formatDate(tender.tender_start_date)}</Fact>
            <Fact label={t('terms.tenderEndDate')}>{formatDate(tender.tender_end_date)}</Fact>
            <Fact label={t('terms.initialPriceUsd')}>{formatUsd(tender.initial_price)}</Fact>
            {minBid !== null && (
              <Fact label={t('tenders.detail.fields.currentMin')} live>
                <span className="text-emerald-300">{formatUsd(minBid)}</span>
              </Fact>
            )}
            <Fact label={t('tenders.detail.fields.bidCount')} live>
              {tender.bid_count}
            </Fact>
            <Fact label={t('terms.tenderStatusLabel')} live>
              <TenderStatusBadge status={tender.status} />
            </Fact>
            {tender.requirements && (
              <Fact label={t('terms.requirements')} wide>
                {tender.requirements}
              </Fact>
            )}
            {tender.notes && (
              <Fact label={t('terms.notes')} wide>
                {tender.notes}
              </Fact>
            )}
            {tender.incoterms && (
              <Fact label={t('terms.incoterms')} wide>
                {tender.incoterms}
              </Fact>
            )}
          </dl>
        </section>
        <div className="order-first flex min-w-0 flex-col gap-4 lg:order-none">
          {action}
          {minBid !== null && (
            <LanePricePosition
              route={{
                origin: tender.origin_location,
                destination: tender.destination_location,
                cargoType: tender.cargo_type,
              }}
              price={minBid}
            />
          )}
          <AuctionFacts tender={tender} minBid={limits} extension={extension} />
          {tender.is_owner && (
            <div className="flex flex-wrap gap-3">
              <OwnerActions tender={tender} onRequest={decisions.request} />
            </div>
          )}
        </div>
      </div>
      <FeatureSlot name="tenderQuestions" props={{ tender }} />
      {tender.is_owner && <OwnerBids tender={tender} onAward={(bid) => decisions.request({ kind: 'award', bid })} />}
      {tender.is_owner && <AwardHistory tender={tender} />}
      {tender.is_owner && decisions.dialog}
    </>
  );
}

function Notice({ children, tone = 'warning' }: { children: ReactNode; tone?: 'warning' | 'info' }) {
  return (
    <p
      role="status"
      className={
        tone === 'warning'
          ? 'rounded-xl border border-orange-400/40 bg-orange-950/30 px-5 py-4 font-medium text-orange-100'
          : 'rounded-xl border border-sky-400/30 bg-sky-950/30 px-5 py-4 text-sky-100'
      }
    >
      {children}
    </p>
  );
}

/**
 * /tender/{id}: the tender's facts, live lowest bid and status; the bid form on an opened tender of someone
 * else; the bids and decisions for its owner; otherwise why no bid can be made (closed, or already awarded).
 */
export function TenderDetailPage() {
  const { t } = useTranslation();
  const id = parseTenderId(useParams().id);
  const tender = useTender(id);
  // the page is first drawn in an interruptible render once the tender arrives, not in one long task that a
  // slow phone cannot answer a tap during; from then on, live changes show at once
  const drawn = useDeferredValue(tender.data) !== undefined;
  const shown = drawn ? tender.data : undefined;
  const missing =
    id === null || (isApiError(tender.error) && (tender.error.status === 404 || tender.error.status === 400));
  useDocumentTitle(
    tender.data
      ? t('tenders.detail.heading', { number: tender.data.number })
      : missing
        ? t('tenders.detail.notFound')
        : t('tenders.detail.loading'),
  );

  const notFound = (
    <>
      <BackLink />
      <EmptyState title={<span role="alert">{t('tenders.detail.notFound')}</span>} />
    </>
  );
  if (shown) return <TenderView tender={shown} />;
  if (missing) return notFound;
  if (tender.isError) {
    return (
      <>
        <BackLink />
        <ErrorState
          message={t('tenders.detail.error')}
          onRetry={() => void tender.refetch()}
          retryLabel={t('common.retry')}
          retrying={tender.isFetching}
        />
      </>
    );
  }
  return <LoadingState text={t('tenders.detail.loading')} />;
}
