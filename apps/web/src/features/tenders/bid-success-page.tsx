import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { placedBid, webRoutes } from '@yuk/shared';
import { formatUsd } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from '../../components/ui/button-link';
import type { SubmittedBid } from './components/bid-form';

const submittedBid = placedBid.pick({ tender_number: true, bid_amount: true });

/** The bid passed in by the bid form, when the page was reached that way (else null: a reload, a bookmark). */
function readSubmittedBid(state: unknown): SubmittedBid | null {
  if (typeof state !== 'object' || state === null) return null;
  const parsed = submittedBid.safeParse((state as { bid?: unknown }).bid);
  return parsed.success ? parsed.data : null;
}

/**
 * /tenders/success: the bid just made (its tender's number and the amount, in the spec's sample layout), the
 * notice that the user hears if the offer is accepted, and the ways on: the bids list or more tenders.
 */
export function BidSuccessPage() {
  const { t } = useTranslation();
  const bid = readSubmittedBid(useLocation().state);
  useDocumentTitle(t('tenders.success.title'));
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 rounded-2xl border border-navy-700 bg-navy-900 px-6 py-12 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300 ring-1 ring-emerald-400/40">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-8"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.2}
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-white">{t('tenders.success.title')}</h1>
      {bid && (
        <div className="flex flex-col gap-1 text-slate-200">
          <p className="text-lg font-medium text-sky-200">
            {t('tenders.success.tender', { number: bid.tender_number })}
          </p>
          <p>{t('tenders.success.amount', { amount: formatUsd(bid.bid_amount) })}</p>
        </div>
      )}
      <p className="max-w-md text-slate-300">{t('tenders.success.notice')}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={webRoutes.bids} size="lg">
          {t('tenders.success.viewBids')}
        </ButtonLink>
        <ButtonLink to={webRoutes.tenders} size="lg" variant="secondary">
          {t('tenders.success.continue')}
        </ButtonLink>
      </div>
    </div>
  );
}
