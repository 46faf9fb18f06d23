import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMarketTime, type Tender, type TenderStatus } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { RouteCard } from '../../../components/ui/route-card';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { VirtualTable, type VirtualColumn } from '../../../components/ui/virtual-table';
import { formatNumber, formatUsd } from '../../../lib/format';

const TONES: Record<TenderStatus, BadgeTone> = { opened: 'green', closed: 'grey', awarded: 'blue', draft: 'yellow' };

export interface OrdersTableProps {
  orders: readonly Tender[];
  onOpen: (order: Tender) => void;
  onTrack: (order: Tender) => void;
}

/**
 * The six columns of the tender list (missing values show N/A), the status, and 'Track' on awarded orders.
 */
export function OrdersTable({ orders, onOpen, onTrack }: OrdersTableProps) {
  const { t } = useTranslation();
  const na = t('common.notAvailable');
  const text = (value: string | null | undefined) => (value && value.trim() ? value : na);
  const statusBadge = (order: Tender) => (
    <StatusBadge label={t(`terms.tenderStatus.${order.status}`)} tone={TONES[order.status]} />
  );
  const trackButton = (order: Tender) =>
    order.status === 'awarded' ? (
      <Button
        size="sm"
        variant="warning"
        aria-label={t('orders.list.trackLabel', { number: order.number })}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          onTrack(order);
        }}
      >
        {t('terms.track')}
      </Button>
    ) : null;
  const columns: VirtualColumn<Tender>[] = [
    {
      key: 'number',
      header: t('terms.tenderNumber'),
      width: '11%',
      cell: (order) => <span className="font-medium text-sky-200">{text(order.number)}</span>,
    },
    {
      key: 'name',
      header: t('terms.productName'),
      width: '20%',
      cell: (order) => text(order.name),
      title: (order) => order.name,
    },
    {
      key: 'origin',
      header: t('terms.origin'),
      width: '14%',
      cell: (order) => text(order.origin_location),
      title: (order) => order.origin_location,
    },
    {
      key: 'destination',
      header: t('terms.destinationManzil'),
      width: '14%',
      cell: (order) => text(order.destination_location),
      title: (order) => order.destination_location,
    },
    {
      key: 'weight',
      header: t('terms.weightKg'),
      width: '10%',
      align: 'right',
      cell: (order) => formatNumber(order.cargo_weight, na),
    },
    {
      key: 'price',
      header: t('terms.priceUsd'),
      width: '11%',
      align: 'right',
      cell: (order) => formatUsd(order.initial_price, na),
    },
    {
      key: 'status',
      header: t('terms.statusHolat'),
      width: '10%',
      cell: (order) => statusBadge(order),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('terms.actions')}</span>,
      width: '10%',
      cell: (order) => trackButton(order),
    },
  ];
  return (
    <VirtualTable
      caption={t('orders.list.caption')}
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      onRowClick={onOpen}
      rowLabel={(order) => t('orders.list.rowLabel', { number: order.number, name: order.name })}
      minWidth="58rem"
      card={(order) => (
        <RouteCard
          origin={text(order.origin_location)}
          destination={text(order.destination_location)}
          facts={[
            t('terms.cardWeight', { weight: formatNumber(order.cargo_weight, na) }),
            order.current_min_bid === null
              ? formatUsd(order.initial_price, na)
              : t('terms.cardLowest', { amount: formatUsd(order.current_min_bid, na) }),
            t('terms.cardCloses', { time: formatMarketTime(Date.parse(order.closes_at)) }),
          ]}
          footer={`${text(order.number)} · ${text(order.name)}`}
        />
      )}
      cardActions={(order) => (
        <>
          {statusBadge(order)}
          {trackButton(order)}
        </>
      )}
    />
  );
}
