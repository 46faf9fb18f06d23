import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@yuk/shared';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';

const TONES: Record<Vehicle['current_status'], BadgeTone> = {
  Active: 'green',
  Available: 'blue',
  'In Transit': 'yellow',
  Maintenance: 'orange',
  Inactive: 'grey',
};

/** A vehicle's status as a coloured pill: ready ones green or blue, on the road yellow, in the shop orange, idle grey. */
export function VehicleStatusBadge({ status }: { status: Vehicle['current_status'] }) {
  const { t } = useTranslation();
  return <StatusBadge label={t(`vehicles.statuses.${status}`)} tone={TONES[status] ?? 'grey'} />;
}
