import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  notFound: {
    title: '404 – Page not found',
    hint: 'This page does not exist or has been moved.',
    back: 'Go to tenders',
  },
});
