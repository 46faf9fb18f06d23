import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isAwardableBid, webRoutes, type Tender, type TenderBid } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { bidStatusTone, StatusBadge } from '../../../components/ui/status-badge';
import { DataTable } from '../../../components/ui/table';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatUsd } from '../../../lib/format';
import { chooseShipment } from '../../../lib/shipment-tracking';
import { useAwardTender } from '../api/award-tender';
import { useCloseTender } from '../api/close-tender';
import { useTenderBids } from '../api/get-tender-bids';
import { usePublishTender } from '../api/publish-tender';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Countdown } from '../../../components/ui/countdown';
import { CompanyLink } from '../../../components/company-badge';
import { useMarketTime } from './auction-panel';

/** A decision the owner asked for, waiting for their confirmation. */
export type OwnerDecision = { kind: 'award'; bid: TenderBid } | { kind: 'close' } | { kind: 'publish' };

const bidderName = (bid: TenderBid) => `${bid.bidder.first_name} ${bid.bidder.last_name}`.trim();

/** Opens the shipment status screen for an awarded tender (its shipment number is the tender's number). */
export function TrackShipmentButton({ number, label }: { number: string; label: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      variant="warning"
      onClick={() => {
        if (!chooseShipment(number)) {
          toast.error(t('terms.theBrowserStorageCouldNotBeWritten'));
          return;
        }
        void navigate(webRoutes.shipmentStatus);
      }}
    >
      {label}
    </Button>
  );
}

/**
 * The owner's actions on the tender itself: publish a draft, close an opened tender; on an awarded one, the
 * winner's deadline while they have not confirmed, then the way to its shipment.
 */
export function OwnerActions({ tender, onRequest }: { tender: Tender; onRequest: (decision: OwnerDecision) => void }) {
  const { t } = useTranslation();
  const marketTime = useMarketTime();
  const bids = useTenderBids(tender.id, tender.status === 'awarded');
  const awaiting = bids.data?.find((bid) => bid.status === 'awarded');
  if (tender.status === 'draft') {
    return <Button onClick={() => onRequest({ kind: 'publish' })}>{t('tenders.owner.publish')}</Button>;
  }
  if (tender.status === 'opened') {
    return (
      <Button variant="danger" onClick={() => onRequest({ kind: 'close' })}>
        {t('tenders.owner.close')}
      </Button>
    );
  }
  if (tender.status === 'awarded' && awaiting?.confirm_by) {
    return (
      <p role="status" className="text-sm text-slate-200">
        {t('tenders.auction.awaiting', { deadline: marketTime(awaiting.confirm_by) })}{' '}
        <Countdown until={awaiting.confirm_by} endedLabel={t('bids.awaiting.late')} urgentBelowMs={15 * 60_000} />
      </p>
    );
  }
  if (tender.status === 'awarded' && bids.data?.some((bid) => bid.status === 'accepted'))
    return <TrackShipmentButton number={tender.number} label={t('tenders.owner.track')} />;
  return null;
}

/** What an owner should weigh before awarding: an unverified company, a recent no-show, a low rating. */
export function awardWarnings(bid: TenderBid): ('unverified' | 'noShow' | 'lowRating')[] {
  const warnings: ('unverified' | 'noShow' | 'lowRating')[] = [];
  if (!bid.bidder.company?.verified) warnings.push('unverified');
  if (bid.bidder.recent_no_show) warnings.push('noShow');
  if (bid.bidder.rating_average !== null && bid.bidder.rating_average < 3) warnings.push('lowRating');
  return warnings;
}

/**
 * The owner's decisions on a tender: award a bid (while opened or closed), close it (opened), publish it
 * (draft). `request` opens the confirmation; `dialog` is that confirmation, which shows the pending
 * state and ends with a toast.
 */
export function useOwnerDecisions(tender: Tender): { request: (decision: OwnerDecision) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const award = useAwardTender(tender.id);
  const close = useCloseTender(tender.id);
  const publish = usePublishTender(tender.id);
  const [asked, setAsked] = useState<OwnerDecision | null>(null);

  const run = async () => {
    if (!asked) return;
    try {
      if (asked.kind === 'award') {
        await award.mutateAsync(asked.bid.id);
        toast.success(t('tenders.owner.awardDone', { bidder: bidderName(asked.bid) }));
      } else if (asked.kind === 'close') {
        await close.mutateAsync();
        toast.success(t('tenders.owner.closeDone'));
      } else {
        await publish.mutateAsync();
        toast.success(t('tenders.owner.publishDone'));
      }
    } catch (error) {
      toast.error(errorMessage(error, t('tenders.owner.actionFailed')));
    } finally {
      setAsked(null);
    }
  };

  const texts =
    asked?.kind === 'award'
      ? {
          title: t('tenders.owner.awardTitle'),
          text: t('tenders.owner.awardConfirm', {
            bidder: bidderName(asked.bid),
            amount: formatUsd(asked.bid.bid_amount),
            minutes: tender.confirm_within_minutes,
          }),
          confirm: t('tenders.owner.award'),
          pendingLabel: t('tenders.owner.awardPending'),
          busy: award.isPending,
          warnings: awardWarnings(asked.bid),
        }
      : asked?.kind === 'close'
        ? {
            title: t('tenders.owner.closeTitle'),
            text: t('tenders.owner.closeConfirm'),
            confirm: t('tenders.owner.close'),
            pendingLabel: t('tenders.owner.closePending'),
            busy: close.isPending,
          }
        : asked?.kind === 'publish'
          ? {
              title: t('tenders.owner.publishTitle'),
              text: t('tenders.owner.publishConfirm'),
              confirm: t('tenders.owner.publish'),
              pendingLabel: t('tenders.owner.publishPending'),
              busy: publish.isPending,
            }
          : null;

  const dialog = (
    <ConfirmDialog
      open={texts !== null}
      title={texts?.title ?? ''}
      confirmLabel={texts?.confirm ?? ''}
      pendingLabel={texts?.pendingLabel ?? ''}
      pending={texts?.busy ?? false}
      variant={asked?.kind === 'close' ? 'danger' : 'primary'}
      onConfirm={() => void run()}
      onClose={() => setAsked(null)}
    >
      <p>{texts?.text}</p>
      {texts?.warnings && texts.warnings.length > 0 && (
        <div
          role="alert"
          className="mt-3 rounded-lg bg-orange-950/40 p-3 text-sm text-orange-100 ring-1 ring-orange-400/40 ring-inset"
        >
          <ul className="flex flex-col gap-1">
            {texts.warnings.map((warning) => (
              <li key={warning}>⚠ {t(`tenders.owner.warnings.${warning}`)}</li>
            ))}
          </ul>
        </div>
      )}
    </ConfirmDialog>
  );
  return { request: setAsked, dialog };
}

/**
 * The bids on the owner's tender (amount, bidder with phone and unanswered awards, status, time), lowest
 * first, each bid that may still be chosen with an award action while the tender is opened or closed.
 */
export function OwnerBids({ tender, onAward }: { tender: Tender; onAward: (bid: TenderBid) => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const bids = useTenderBids(tender.id, true);
  const canAward = tender.status === 'opened' || tender.status === 'closed';

  let list;
  if (bids.isPending) list = <LoadingState text={t('tenders.owner.loading')} />;
  else if (bids.isError)
    list = (
      <ErrorState
        message={errorMessage(bids.error, t('tenders.owner.error'))}
        onRetry={() => void bids.refetch()}
        retryLabel={t('common.retry')}
        retrying={bids.isFetching}
      />
    );
  else if (bids.data.length === 0) list = <EmptyState title={t('tenders.owner.empty')} />;
  else
    list = (
      <DataTable
        caption={t('tenders.owner.caption')}
        rows={bids.data}
        rowKey={(bid) => bid.id}
        columns={[
          {
            key: 'amount',
            header: t('terms.priceUsd'),
            align: 'right',
            cell: (bid) => <span className="font-semibold">{formatUsd(bid.bid_amount)}</span>,
          },
          {
            key: 'bidder',
            header: t('tenders.owner.columns.bidder'),
            cell: (bid) => (
              <div className="flex flex-col">
                <span>{bidderName(bid)}</span>
                <a href={`tel:${bid.bidder.phone_number}`} className="text-xs text-sky-300 hover:underline">
                  {bid.bidder.phone_number}
                </a>
                {bid.bidder.company && <CompanyLink company={bid.bidder.company} />}
                {bid.bidder.no_shows > 0 && (
                  <span className="text-xs text-orange-300">
                    {t('tenders.owner.noShows', { n: bid.bidder.no_shows })}
                  </span>
                )}
              </div>
            ),
          },
          {
            key: 'vehicle',
            header: t('terms.vehicle'),
            cell: (bid) =>
              bid.vehicle ? (
                <div className="flex flex-col">
                  <span className="font-medium">{bid.vehicle.plate}</span>
                  <span className="text-xs text-slate-400">{t(`terms.vehicleTypes.${bid.vehicle.type}`)}</span>
                </div>
              ) : (
                <span className="text-slate-400">{t('tenders.owner.noVehicle')}</span>
              ),
          },
          {
            key: 'status',
            header: t('terms.tenderStatusLabel'),
            cell: (bid) => <StatusBadge label={t(`terms.bidStatus.${bid.status}`)} tone={bidStatusTone(bid.status)} />,
          },
          {
            key: 'time',
            header: t('tenders.owner.columns.time'),
            cell: (bid) => <time dateTime={bid.created_at}>{formatDateTime(bid.created_at)}</time>,
          },
          ...(canAward
            ? [
                {
                  key: 'actions',
                  header: t('terms.actions'),
                  cell: (bid: TenderBid) =>
                    isAwardableBid(bid, Date.now()) && (
                      <Button
                        size="sm"
                        aria-label={t('tenders.owner.awardLabel', {
                          bidder: bidderName(bid),
                          amount: formatUsd(bid.bid_amount),
                        })}
                        onClick={() => onAward(bid)}
                      >
                        {t('tenders.owner.award')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
    );

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-white">
        {t('tenders.owner.title')}
        {bids.data && bids.data.length > 0 && (
          <span className="ml-2 text-sm font-normal text-slate-400">({bids.data.length})</span>
        )}
      </h2>
      {list}
    </section>
  );
}
