import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  sampleSuccess: {
    title: 'Shipment details',
    sampleNote: 'A sample page: how a delivered shipment looks.',
    badge: 'Success',
    cargo: 'Cargo',
    number: 'Cargo number',
    transporter: 'Transporter',
    transporterName: 'Name',
    transporterPhone: 'Phone',
    cargoType: 'Truck',
  },
});
