import i18n from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@yuk/shared';
import appTexts from '../app/i18n';
import authTexts from '../features/auth/i18n';
import notFoundTexts from '../features/not-found/i18n';
import profileTexts from '../features/profile/i18n';
import vehiclesTexts from '../features/vehicles/i18n';
import bidsTexts from '../features/bids/i18n';
import notificationsTexts from '../features/notifications/i18n';
import sampleSuccessTexts from '../features/sample-success/i18n';
import shipmentsTexts from '../features/shipments/i18n';
import tendersTexts from '../features/tenders/i18n';
import ordersTexts from '../features/orders/i18n';
import commonTexts from './common';

/**
 * Every feature's texts, each under its own top-level key (`auth.*`, `profile.*`, …).
 * A feature adds its `i18n.ts` with one import above and one entry here.
 */
const bundles = [commonTexts, appTexts, authTexts, profileTexts, notFoundTexts, vehiclesTexts, bidsTexts, notificationsTexts, shipmentsTexts, sampleSuccessTexts, tendersTexts, ordersTexts];

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;
/** The uz texts of all features together: the reference shape of every language. */
export type AppTexts = UnionToIntersection<(typeof bundles)[number]['uz']>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppTexts };
    // Placeholders are written as in the spec: '{n} ta tender topildi'.
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

function mergeLanguage(lang: Language): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const bundle of bundles) {
    for (const [key, value] of Object.entries(bundle[lang])) {
      if (key in merged) throw new Error(`Two features use the same text key "${key}"`);
      merged[key] = value;
    }
  }
  return merged;
}

/** Local storage key of the chosen language (spec section 9). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** The endonyms of the language buttons; the same in every interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { uz: 'Oʻzbekcha', en: 'English', ru: 'Русский' };

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const initialLanguage = readStoredLanguage();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((lang) => [lang, { translation: mergeLanguage(lang) }])),
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  react: { useSuspense: false },
});
if (typeof document !== 'undefined') document.documentElement.lang = initialLanguage;

/** The language in use right now (for Accept-Language and formatting outside React). */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Switches the interface language, keeps the choice under `lang` and marks the page's language. */
export async function changeLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage unavailable (private mode): the choice still applies to this visit
  }
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

/** The current language as app state: components re-render when it changes. */
export function useLanguage(): { language: Language; setLanguage: (lang: Language) => Promise<void> } {
  const { i18n: instance } = useTranslation();
  const lang = instance.resolvedLanguage ?? instance.language;
  const setLanguage = useCallback((next: Language) => changeLanguage(next), []);
  return { language: isLanguage(lang) ? lang : DEFAULT_LANGUAGE, setLanguage };
}

export default i18n;
