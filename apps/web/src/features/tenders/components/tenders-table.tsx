import { useTranslation } from 'react-i18next';
import { formatMarketTime, type Tender } from '@yuk/shared';
import { ShieldIcon } from '../../../components/ui/icons';
import { RouteCard } from '../../../components/ui/route-card';
import { VirtualTable, type VirtualColumn } from '../../../components/ui/virtual-table';
import { formatNumber, formatUsd } from '../../../lib/format';

export interface TendersTableProps {
  tenders: readonly Tender[];
  /** How many match in all; null when more than the server counts. */
  total: number | null;
  onOpen: (tender: Tender) => void;
  onEndReached: () => void;
  loadingMore: boolean;
}

/** The six columns of the spec: number, product name, origin, destination, weight (kg), price (USD). */
export function TendersTable({ tenders, total, onOpen, onEndReached, loadingMore }: TendersTableProps) {
  const { t } = useTranslation();
  const columns: VirtualColumn<Tender>[] = [
    {
      key: 'number',
      header: t('terms.tenderNumber'),
      width: '13%',
      cell: (tender) => <span className="font-medium text-sky-200">{tender.number}</span>,
    },
    {
      key: 'name',
      header: t('terms.productName'),
      width: '25%',
      cell: (tender) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {tender.name}
          {tender.owner_company?.verified && (
            <span role="img" aria-label={t('terms.verified')} className="shrink-0 text-emerald-300">
              <ShieldIcon className="size-4" />
            </span>
          )}
          {tender.verified_only && (
            <span className="rounded-full bg-emerald-400/15 px-2 py-0.5 text-xs font-semibold text-emerald-200 ring-1 ring-emerald-400/40 ring-inset">
              {t('terms.verifiedOnlyShort')}
            </span>
          )}
        </span>
      ),
      title: (tender) => tender.name,
    },
    {
      key: 'origin',
      header: t('terms.origin'),
      width: '17%',
      cell: (tender) => tender.origin_location,
      title: (tender) => tender.origin_location,
    },
    {
      key: 'destination',
      header: t('terms.tenderDestination'),
      width: '17%',
      cell: (tender) => tender.destination_location,
      title: (tender) => tender.destination_location,
    },
    {
      key: 'weight',
      header: t('terms.weightKg'),
      width: '13%',
      align: 'right',
      cell: (tender) => formatNumber(tender.cargo_weight),
    },
    {
      key: 'price',
      header: t('terms.priceUsd'),
      width: '15%',
      align: 'right',
      cell: (tender) => formatUsd(tender.initial_price),
    },
  ];
  return (
    <VirtualTable
      caption={t('tenders.list.caption')}
      columns={columns}
      rows={tenders}
      totalRows={total}
      rowKey={(tender) => tender.id}
      onRowClick={onOpen}
      rowLabel={(tender) => t('tenders.list.rowLabel', { number: tender.number, name: tender.name })}
      onEndReached={onEndReached}
      loadingMoreText={loadingMore ? t('tenders.list.loadingMore') : undefined}
      card={(tender) => (
        <RouteCard
          origin={tender.origin_location}
          destination={tender.destination_location}
          facts={[
            t('terms.cardWeight', { weight: formatNumber(tender.cargo_weight) }),
            tender.current_min_bid === null
              ? formatUsd(tender.initial_price)
              : t('terms.cardLowest', { amount: formatUsd(tender.current_min_bid) }),
            t('terms.cardCloses', { time: formatMarketTime(Date.parse(tender.closes_at)) }),
          ]}
          footer={
            <>
              {tender.number} · {tender.name}
              {tender.owner_company?.verified && <> · {t('terms.verified')}</>}
            </>
          }
        />
      )}
    />
  );
}
