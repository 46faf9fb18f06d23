import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { useUnreadMessages } from '../../../lib/unread-messages';
import { useShipments } from '../api/get-shipments';

/**
 * Chooses among my shipments (GET /api/shipments): when none is chosen yet, or to switch to another. Each shows
 * how many of its messages I have not read.
 */
export function ShipmentPicker({ value, onChoose }: { value: string | null; onChoose: (number: string) => void }) {
  const { t } = useTranslation();
  const shipments = useShipments();
  const unread = useUnreadMessages();
  const unreadOf = new Map(unread.data?.shipments.map((row) => [row.number, row.unread]));

  if (shipments.isPending) return <Spinner label={t('shipments.status.pickLoading')} className="size-5 text-sky-300" />;
  if (shipments.isError) {
    return <p className="text-sm text-red-300">{t('shipments.status.pickFailed')}</p>;
  }
  if (shipments.data.length === 0) return null;

  const known = value !== null && shipments.data.some((shipment) => shipment.number === value);
  return (
    <SelectField
      label={t('shipments.status.pick')}
      value={known ? value : ''}
      placeholder={known ? undefined : t('shipments.status.pickPlaceholder')}
      options={shipments.data.map((shipment) => {
        const values = { number: shipment.number, origin: shipment.origin, destination: shipment.destination };
        const count = unreadOf.get(shipment.number) ?? 0;
        return {
          value: shipment.number,
          label:
            count > 0 ? t('shipments.status.optionUnread', { ...values, count }) : t('shipments.status.option', values),
        };
      })}
      onChange={(event) => {
        if (event.target.value) onChoose(event.target.value);
      }}
      containerClassName="w-full sm:w-80"
    />
  );
}
