import { useTranslation } from 'react-i18next';
import type { TenderStatus } from '@yuk/shared';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';

const TONES: Record<TenderStatus, BadgeTone> = { opened: 'green', closed: 'grey', awarded: 'blue', draft: 'yellow' };

/** A tender's status as a coloured pill: opened green, closed grey, awarded blue, draft yellow. */
export function TenderStatusBadge({ status }: { status: TenderStatus }) {
  const { t } = useTranslation();
  return <StatusBadge label={t(`terms.tenderStatus.${status}`)} tone={TONES[status]} />;
}
