import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  sampleSuccess: {
    title: 'Сведения о грузе',
    sampleNote: 'Образец страницы: так выглядит доставленный груз.',
    badge: 'Успешно',
    cargo: 'Груз',
    number: 'Номер груза',
    transporter: 'Перевозчик',
    transporterName: 'Имя',
    transporterPhone: 'Телефон',
    cargoType: 'Автомобильный (Truck)',
  },
});
