import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMarketTime, pathTo, webRoutes, type MyBid } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Countdown } from '../../../components/ui/countdown';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useTelegramMainButton } from '../../../lib/telegram';
import { useAnswerAward } from '../api/answer-award';

/** My bids chosen by a tender's owner and waiting for my answer, the one due first on top. */
export function awaitingBids(bids: MyBid[]): MyBid[] {
  return bids
    .filter((bid) => bid.status === 'awarded' && bid.confirm_by !== null)
    .sort((a, b) => Date.parse(a.confirm_by ?? '') - Date.parse(b.confirm_by ?? ''));
}

/**
 * Awards waiting for my confirmation, first on My Bids: the tender, my price, the deadline counting down,
 * Confirm (the shipment is created) and Decline (asked first: the award passes to the next bid).
 */
export function AwaitingConfirmation({ bids }: { bids: MyBid[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const answer = useAnswerAward();
  const [declining, setDeclining] = useState<MyBid | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const send = async (bid: MyBid, kind: 'confirm' | 'decline') => {
    setBusy(bid.id);
    try {
      await answer.mutateAsync({ bidId: bid.id, answer: kind });
      toast.success(kind === 'confirm' ? t('bids.awaiting.confirmDone') : t('bids.awaiting.declineDone'));
    } catch (error) {
      toast.error(errorMessage(error, t('bids.awaiting.failed')));
    } finally {
      setBusy(null);
      setDeclining(null);
    }
  };

  // inside Telegram its Main button confirms the award due first
  const first = bids[0];
  useTelegramMainButton(
    first
      ? {
          text: t('bids.awaiting.confirmLabel', { number: first.number }),
          active: busy === null,
          progress: busy === first.id,
          onPress: () => void send(first, 'confirm'),
        }
      : null,
  );

  if (bids.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-xl border border-emerald-400/40 bg-emerald-950/20 p-4 sm:p-5"
    >
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-white">
        {t('bids.awaiting.title')}
      </h2>
      <ul className="flex flex-col gap-3">
        {bids.map((bid) => (
          <li
            key={bid.id}
            className="flex flex-col gap-3 rounded-lg border border-navy-700 bg-navy-900 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <Link
                to={pathTo(webRoutes.tender, { id: bid.tender_id })}
                className="font-semibold text-sky-300 hover:underline"
              >
                {bid.number}
              </Link>{' '}
              <span className="break-words text-slate-100">{bid.name}</span>
              <p className="mt-1 text-sm text-slate-300">
                {t('bids.awaiting.price', { amount: formatUsd(bid.bid_amount) })}
              </p>
              <p className="mt-1 text-sm text-slate-300">
                {t('bids.awaiting.deadline', {
                  time: t('common.tashkentTime', { time: formatMarketTime(Date.parse(bid.confirm_by ?? '')) }),
                })}{' '}
                <Countdown
                  until={bid.confirm_by ?? ''}
                  endedLabel={t('bids.awaiting.late')}
                  urgentBelowMs={15 * 60_000}
                />
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button
                onClick={() => void send(bid, 'confirm')}
                pending={busy === bid.id && !declining}
                disabled={busy !== null}
                aria-label={t('bids.awaiting.confirmLabel', { number: bid.number })}
              >
                {t('bids.awaiting.confirm')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => setDeclining(bid)}
                disabled={busy !== null}
                aria-label={t('bids.awaiting.declineLabel', { number: bid.number })}
              >
                {t('bids.awaiting.decline')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={declining !== null}
        title={t('bids.awaiting.declineTitle')}
        confirmLabel={t('bids.awaiting.decline')}
        pendingLabel={t('bids.awaiting.declinePending')}
        pending={busy !== null}
        variant="danger"
        onConfirm={() => declining && void send(declining, 'decline')}
        onClose={() => setDeclining(null)}
      >
        {declining && t('bids.awaiting.declineConfirm', { number: declining.number })}
      </ConfirmDialog>
    </section>
  );
}
