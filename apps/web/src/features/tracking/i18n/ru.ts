import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  tracking: {
    title: 'Отслеживание груза',
    shipment: 'Груз {number}',
    route: 'Откуда → куда',
    loading: 'Загрузка данных отслеживания...',
    notFound: 'Эта ссылка для отслеживания не работает',
    notFoundHint:
      'Ссылка неверна, отозвана или истекла (через 7 дней после доставки). Попросите новую у того, кто её прислал.',
    failed: 'Не удалось загрузить данные отслеживания',
    awarded: 'Ещё не погружен',
    timeline: 'Этапы',
    updated: 'Страница обновляется сама каждые 30 секунд',
    expires: 'Ссылка действует до {time}',
    language: 'Язык страницы',
    privacy: 'На этой странице показаны только статус и местоположение груза.',
  },
});
