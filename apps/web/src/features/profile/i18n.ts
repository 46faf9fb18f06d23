import { defineTexts } from '../../i18n/types';

export default defineTexts({
  uz: {
    profile: {
      language: 'Til',
      languageHint: 'Interfeys tilini tanlang',
    },
  },
  en: {
    profile: {
      language: 'Language',
      languageHint: 'Choose the language of the interface',
    },
  },
  ru: {
    profile: {
      language: 'Язык',
      languageHint: 'Выберите язык интерфейса',
    },
  },
});
