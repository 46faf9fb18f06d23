import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tender, TenderAward } from '@yuk/shared';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { DataTable } from '../../../components/ui/table';
import { formatUsd } from '../../../lib/format';
import { useTenderAwards } from '../api/get-tender-awards';
import { useMarketTime } from './auction-panel';

const outcomeTone: Record<TenderAward['outcome'], BadgeTone> = {
  awaiting: 'yellow',
  confirmed: 'green',
  declined: 'red',
  no_show: 'red',
};

/**
 * The owner's award history: each award in order with the carrier, the price, how it came (by hand,
 * automatically, passed on, bought now) and the answer (confirmed, declined, no answer, or the deadline
 * still running). Shown once there is something in it.
 */
export function AwardHistory({ tender }: { tender: Tender }) {
  const { t } = useTranslation();
  const headingId = useId();
  const marketTime = useMarketTime();
  const awards = useTenderAwards(tender.id, tender.is_owner);
  if (!awards.data || awards.data.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-white">
        {t('tenders.awards.title')}
      </h2>
      <DataTable
        caption={t('tenders.awards.caption')}
        rows={awards.data}
        rowKey={(award) => award.id}
        columns={[
          {
            key: 'time',
            header: t('tenders.awards.awardedAt'),
            cell: (award) => <time dateTime={award.awarded_at}>{marketTime(award.awarded_at)}</time>,
          },
          {
            key: 'bidder',
            header: t('tenders.owner.columns.bidder'),
            cell: (award) => `${award.bidder.first_name} ${award.bidder.last_name}`.trim(),
          },
          {
            key: 'amount',
            header: t('terms.priceUsd'),
            align: 'right',
            cell: (award) => formatUsd(award.bid_amount),
          },
          {
            key: 'origin',
            header: t('tenders.awards.how'),
            cell: (award) => t(`tenders.awards.origin.${award.origin}`),
          },
          {
            key: 'outcome',
            header: t('tenders.awards.answer'),
            cell: (award) => (
              <StatusBadge
                tone={outcomeTone[award.outcome]}
                label={t(`tenders.awards.outcome.${award.outcome}`, {
                  time: award.confirm_by ? marketTime(award.confirm_by) : '',
                })}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
