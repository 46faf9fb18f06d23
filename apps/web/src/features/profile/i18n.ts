import { defineTexts } from '../../i18n/types';

export default defineTexts({
  uz: { profile: { title: 'Profil', language: 'Til', languageHint: 'Interfeys tilini tanlang' } },
  en: { profile: { title: 'Profile', language: 'Language', languageHint: 'Choose the language of the interface' } },
  ru: { profile: { title: 'Профиль', language: 'Язык', languageHint: 'Выберите язык интерфейса' } },
});
