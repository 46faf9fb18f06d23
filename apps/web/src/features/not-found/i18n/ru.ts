import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  notFound: {
    title: '404 – Страница не найдена',
    hint: 'Такой страницы нет или она была перемещена.',
    back: 'Перейти к тендерам',
  },
});
