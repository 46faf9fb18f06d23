import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMarketTime, webRoutes, type MinBidResponse, type Tender } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Countdown } from '../../../components/ui/countdown';
import { ShieldIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { chooseShipment } from '../../../lib/shipment-tracking';
import { useBuyNow } from '../api/buy-now';

/** A bid in the soft-close window moved the close: by how much, to when. */
export interface Extension {
  minutes: number;
  closesAt: string;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-navy-800 py-2 last:border-b-0 sm:flex-row sm:flex-wrap sm:items-baseline sm:justify-between sm:gap-x-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="font-medium text-slate-100 sm:text-right">{children}</dd>
    </div>
  );
}

/** An instant in the market's own clock, as every screen and notification shows it. */
export function useMarketTime(): (iso: string) => string {
  const { t } = useTranslation();
  return (iso) => {
    const ms = Date.parse(iso);
    return Number.isFinite(ms) ? t('common.tashkentTime', { time: formatMarketTime(ms) }) : t('common.notAvailable');
  };
}

/**
 * The auction at a glance: when bidding ends with the time left (and "extended by N min" when a late bid
 * moved it), the soft close, the minimum step, the highest bid accepted now, the buy-now price; for the
 * owner also the reserve, automatic award and the time a winner has to confirm.
 */
export function AuctionFacts({
  tender,
  minBid,
  extension,
}: {
  tender: Tender;
  minBid: MinBidResponse | undefined;
  extension: Extension | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const marketTime = useMarketTime();
  const open = tender.status === 'opened';
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-navy-700 bg-navy-900 px-5 py-4">
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-white">
        {t('tenders.auction.title')}
      </h2>
      <dl>
        <Row label={t('tenders.auction.closesAt')}>
          <time dateTime={tender.closes_at}>{marketTime(tender.closes_at)}</time>
        </Row>
        {open && (
          <Row label={t('tenders.auction.timeLeft')}>
            <Countdown until={tender.closes_at} endedLabel={t('tenders.auction.ended')} />
          </Row>
        )}
        <div aria-live="polite">
          {extension && open && (
            <p className="my-2 rounded-lg bg-orange-950/40 px-3 py-2 text-sm font-medium text-orange-200 ring-1 ring-orange-400/40 ring-inset">
              {t('tenders.auction.extended', { n: extension.minutes })}
            </p>
          )}
        </div>
        <Row label={t('tenders.auction.softClose')}>
          {tender.soft_close_minutes > 0
            ? t('tenders.auction.softCloseValue', { n: tender.soft_close_minutes })
            : t('tenders.auction.off')}
        </Row>
        <Row label={t('tenders.auction.minStep')}>{formatUsd(tender.min_step)}</Row>
        {open && minBid && (
          <Row label={t('tenders.auction.nextMax')}>
            <span className="text-emerald-300">{formatUsd(minBid.next_max_bid, t('tenders.auction.none'))}</span>
          </Row>
        )}
        {tender.buy_now_price !== null && (
          <Row label={t('terms.buyNowPriceUsd')}>{formatUsd(tender.buy_now_price)}</Row>
        )}
        {tender.verified_only && (
          <p className="my-2 flex items-center gap-2 text-sm text-emerald-200">
            <ShieldIcon className="size-4 shrink-0" />
            {t('terms.verifiedOnly')}
          </p>
        )}
        {tender.is_owner && (
          <>
            <Row label={t('tenders.auction.reserveYours')}>
              {formatUsd(tender.reserve_price ?? null, t('tenders.auction.none'))}
            </Row>
            <Row label={t('terms.autoAward')}>
              {tender.auto_award ? t('tenders.auction.autoAwardOn') : t('tenders.auction.autoAwardOff')}
            </Row>
            <Row label={t('tenders.auction.confirmWithin')}>
              {t('common.minutes', { n: tender.confirm_within_minutes })}
            </Row>
          </>
        )}
      </dl>
    </section>
  );
}

/** Whether a carrier may take the tender at its buy-now price now (the server decides in the end). */
export function canBuyNow(tender: Tender): boolean {
  return (
    !tender.is_owner &&
    tender.status === 'opened' &&
    tender.buy_now_price !== null &&
    (tender.current_min_bid === null || tender.current_min_bid > tender.buy_now_price)
  );
}

/** Buy now at the tender's buy-now price: asks first, then takes the tender and opens its shipment. */
export function BuyNowButton({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buyNow = useBuyNow(tender.id);
  const [asking, setAsking] = useState(false);
  const amount = formatUsd(tender.buy_now_price);

  const take = async () => {
    try {
      const bid = await buyNow.mutateAsync();
      toast.success(t('tenders.auction.buyNowDone'));
      if (chooseShipment(bid.tender_number)) void navigate(webRoutes.shipmentStatus);
    } catch (error) {
      toast.error(errorMessage(error, t('tenders.auction.buyNowFailed')));
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button variant="warning" size="lg" fullWidth onClick={() => setAsking(true)}>
        {t('tenders.auction.buyNowAction', { amount })}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('tenders.auction.buyNowTitle')}
        confirmLabel={t('tenders.auction.buyNowAction', { amount })}
        pendingLabel={t('tenders.auction.buyNowPending')}
        pending={buyNow.isPending}
        onConfirm={() => void take()}
        onClose={() => setAsking(false)}
      >
        {t('tenders.auction.buyNowConfirm', { amount })}
      </ConfirmDialog>
    </>
  );
}
