import { defineTexts } from '../../i18n/types';

/** The public page of a tracking link (opened by the receiver, signed out). */
export default defineTexts({
  uz: {
    tracking: {
      title: 'Yukni kuzatish',
      shipment: 'Yuk {number}',
      route: 'Qayerdan → qayerga',
      loading: "Kuzatish ma'lumotlari yuklanmoqda...",
      notFound: 'Bu kuzatish havolasi ishlamaydi',
      notFoundHint:
        "Havola noto'g'ri, o'chirilgan yoki muddati tugagan (yetkazib berilgandan 7 kun o'tgach). Yuborgan kishidan yangisini so'rang.",
      failed: "Kuzatish ma'lumotlarini yuklab bo'lmadi",
      awarded: 'Yuk hali ortilmagan',
      timeline: 'Bosqichlar',
      updated: "Sahifa har 30 soniyada o'zi yangilanadi",
      expires: 'Havola {time} gacha ishlaydi',
      language: 'Sahifa tili',
      privacy: "Bu sahifada faqat yuk holati va joylashuvi ko'rsatiladi.",
    },
  },
  en: {
    tracking: {
      title: 'Shipment tracking',
      shipment: 'Shipment {number}',
      route: 'From → to',
      loading: 'Loading the tracking...',
      notFound: 'This tracking link does not work',
      notFoundHint:
        'The link is wrong, was revoked or has ended (7 days after the delivery). Ask whoever sent it for a new one.',
      failed: 'The tracking could not be loaded',
      awarded: 'Not loaded yet',
      timeline: 'Steps',
      updated: 'The page refreshes itself every 30 seconds',
      expires: 'The link works until {time}',
      language: 'Page language',
      privacy: 'This page shows only the shipment’s status and position.',
    },
  },
  ru: {
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
  },
});
