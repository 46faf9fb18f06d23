import { useTranslation } from 'react-i18next';
import { bidVehicleRefusal, loadCapacityKg, marketToday, type BidVehicleRefusal, type Vehicle } from '@yuk/shared';
import { SelectField } from '../../../components/ui/select-field';
import { formatNumber } from '../../../lib/format';
import { useMyVehicles } from '../api/get-my-vehicles';

/** One of my vehicles as the bid form offers it: choosable, or greyed out with the reason. */
export interface VehicleChoice {
  vehicle: Vehicle;
  refusal: BidVehicleRefusal | null;
}

/**
 * My vehicles for a tender of `cargoWeightKg`, by the server's own rule (`bidVehicleRefusal`): the ones that may
 * take the cargo first, then the others; each group in the list's order (newest first).
 */
export function vehicleChoices(vehicles: readonly Vehicle[], cargoWeightKg: number, today: string): VehicleChoice[] {
  const choices = vehicles.map((vehicle) => ({ vehicle, refusal: bidVehicleRefusal(vehicle, cargoWeightKg, today) }));
  return [...choices.filter((choice) => !choice.refusal), ...choices.filter((choice) => choice.refusal)];
}

export interface BidVehicleFieldProps {
  /** The tender's cargo weight (kg). */
  cargoWeight: number;
  /** The chosen vehicle's id as text; '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal of the chosen vehicle. */
  error?: string;
}

/**
 * The optional vehicle of a bid: my vehicles that may carry this cargo today, and the others greyed out with the
 * reason (Inactive, run-out papers, too small). Nothing is shown while I have no vehicles (or they cannot be
 * loaded): the bid goes without one, as before.
 */
export function BidVehicleField({ cargoWeight, value, onChange, error }: BidVehicleFieldProps) {
  const { t } = useTranslation();
  const vehicles = useMyVehicles();
  if (!vehicles.data || vehicles.data.length === 0) return null;
  const choices = vehicleChoices(vehicles.data, cargoWeight, marketToday());
  const someUnfit = choices.some((choice) => choice.refusal);
  return (
    <SelectField
      label={t('tenders.bid.vehicle')}
      placeholder={t('tenders.bid.noVehicle')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={choices.map(({ vehicle, refusal }) => {
        const name = t('tenders.bid.vehicleOption', {
          type: t(`terms.vehicleTypes.${vehicle.vehicle_type}`),
          plate: vehicle.license_plate,
          capacity: formatNumber(loadCapacityKg(vehicle)),
        });
        return {
          value: String(vehicle.id),
          label: refusal
            ? t('tenders.bid.vehicleUnfit', { vehicle: name, reason: t(`tenders.bid.unfit.${refusal}`) })
            : name,
          disabled: refusal !== null,
        };
      })}
      hint={
        <>
          {t('tenders.bid.vehicleHint')}
          {someUnfit && <> {t('tenders.bid.unfitHint')}</>}
        </>
      }
      error={error}
    />
  );
}
