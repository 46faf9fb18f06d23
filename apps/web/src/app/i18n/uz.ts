import { defineReferenceTexts } from '../../i18n/types';

/** The shell's texts: side navigation, skip link, log-out. */
export default defineReferenceTexts({
  nav: {
    label: 'Asosiy menyu',
    skipToContent: "Asosiy qismga o'tish",
    expand: 'Menyuni ochish',
    collapse: "Menyuni yig'ish",
    dashboard: 'Boshqaruv paneli',
    tenders: 'Tenderlar',
    tenderModes: 'Tender turlari',
    plane: 'Aviatsiya',
    ship: 'Dengiz',
    truck: 'Avtomobil',
    labo: 'Labo',
    orders: 'Buyurtmalarim',
    shipments: 'Yuklarim',
    vehicles: 'Mashinalarim',
    company: 'Kompaniyam',
    admin: 'Moderatsiya',
    logout: 'Chiqish',
    loggingOut: 'Chiqilmoqda...',
    badge: '{count} ta yangi',
    more: 'Yana',
    bottom: 'Tezkor menyu',
  },
});
