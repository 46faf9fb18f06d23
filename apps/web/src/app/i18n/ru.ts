import { defineTranslatedTexts } from '../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  nav: {
    label: 'Главное меню',
    skipToContent: 'Перейти к содержимому',
    expand: 'Развернуть меню',
    collapse: 'Свернуть меню',
    dashboard: 'Панель показателей',
    tenders: 'Тендеры',
    tenderModes: 'Виды тендеров',
    plane: 'Авиа',
    ship: 'Морские',
    truck: 'Автомобильные',
    labo: 'Местные (лабо)',
    orders: 'Мои заказы',
    shipments: 'Грузы',
    company: 'Моя компания',
    admin: 'Модерация',
    vehicles: 'Мои машины',
    logout: 'Выйти',
    loggingOut: 'Выход...',
    badge: 'новых: {count}',
    more: 'Ещё',
    bottom: 'Быстрое меню',
  },
});
