import { SHIPMENT_STATUS_TEXT, type ShipmentStatus } from '@yuk/shared';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge';
import { useLanguage } from '../../../i18n';

const TONES: Record<ShipmentStatus, BadgeTone> = {
  awarded: 'grey',
  loaded: 'blue',
  on_the_way: 'orange',
  delivered: 'green',
};

/** Where the shipment is now, as a coloured pill. */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { language } = useLanguage();
  return <StatusBadge label={SHIPMENT_STATUS_TEXT[status][language]} tone={TONES[status]} />;
}
