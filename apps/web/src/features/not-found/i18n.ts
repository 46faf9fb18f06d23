import { defineTexts } from '../../i18n/types';

export default defineTexts({
  uz: {
    notFound: {
      title: '404 – Sahifa topilmadi',
      hint: "Bunday sahifa yo'q yoki u ko'chirilgan.",
      back: "Tenderlarga o'tish",
    },
  },
  en: {
    notFound: {
      title: '404 – Page not found',
      hint: 'This page does not exist or has been moved.',
      back: 'Go to tenders',
    },
  },
  ru: {
    notFound: {
      title: '404 – Страница не найдена',
      hint: 'Такой страницы нет или она была перемещена.',
      back: 'Перейти к тендерам',
    },
  },
});
