import { useTranslation } from 'react-i18next';
import { BID_STATUSES, type BidStatus } from '@yuk/shared';
import { bidStatusTone, StatusBadge } from '../../../components/ui/status-badge';

function isBidStatus(value: string): value is BidStatus {
  return (BID_STATUSES as readonly string[]).includes(value);
}

/**
 * A bid's status as a coloured pill: pending yellow (also when empty), accepted green,
 * rejected red, active blue; any other value grey, shown as it came.
 */
export function BidStatusBadge({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  const value = (status ?? '').trim().toLowerCase();
  const label =
    value === '' ? t('terms.bidStatus.pending') : isBidStatus(value) ? t(`terms.bidStatus.${value}`) : (status ?? '');
  return <StatusBadge label={label} tone={bidStatusTone(status)} />;
}
