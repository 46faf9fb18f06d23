import i18n from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@yuk/shared';
import authTexts from '../features/auth/i18n';
import { fieldTexts } from './catalogues';
import commonTexts from './common';
import type { AppTexts } from './app-texts';

/**
 * The texts of the first screen (shared texts and the login screen's), each under its own top-level key
 * (`common.*`, `auth.*`). The signed-in pages' texts come with the pages' code: ./feature-texts, imported by
 * the router, registers them, so a first visit downloads only what the login screen shows.
 */
export const startTexts = [commonTexts, fieldTexts, authTexts];

export type { AppTexts };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppTexts };
    // Placeholders are written as in the spec: '{n} ta tender topildi'.
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

/** One feature's texts in the three languages, as far as merging is concerned. */
type AnyTextBundle = Readonly<Record<Language, object>>;

/** The top-level keys registered so far: two features never share one. */
const registeredKeys = new Set<string>();

function mergeLanguage(bundles: readonly AnyTextBundle[], lang: Language): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const bundle of bundles) {
    for (const [key, value] of Object.entries(bundle[lang])) {
      if (key in merged || registeredKeys.has(key)) {
        throw new Error(`Two features use the same text key "${key}"`);
      }
      merged[key] = value;
    }
  }
  return merged;
}

function claimKeys(bundles: readonly AnyTextBundle[]): void {
  for (const bundle of bundles) for (const key of Object.keys(bundle[DEFAULT_LANGUAGE])) registeredKeys.add(key);
}

/** Local storage key of the chosen language. */
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

/**
 * Every bundle registered so far, and the languages i18next holds them in: the chosen one and the fallback.
 * Another language's texts are merged in when the user switches to it, so a start merges one or two
 * languages' worth of texts instead of three (the signed-in pages' texts are large).
 */
const bundlesSoFar: AnyTextBundle[] = [];
const loadedLanguages = new Set<Language>([initialLanguage, DEFAULT_LANGUAGE]);

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    [...loadedLanguages].map((lang) => [lang, { translation: mergeLanguage(startTexts, lang) }]),
  ),
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  react: { useSuspense: false },
});
if (typeof document !== 'undefined') document.documentElement.lang = initialLanguage;
claimKeys(startTexts);
bundlesSoFar.push(...startTexts);

/** Adds texts loaded later (the signed-in pages'), in the languages in use, beside those already there. */
export function addTexts(bundles: readonly AnyTextBundle[]): void {
  for (const lang of loadedLanguages) {
    i18n.addResourceBundle(lang, 'translation', mergeLanguage(bundles, lang), true, false);
  }
  claimKeys(bundles);
  bundlesSoFar.push(...bundles);
}

/** Merges in a language's texts of every bundle registered so far, before the app switches to it. */
function loadLanguage(lang: Language): void {
  if (loadedLanguages.has(lang)) return;
  const merged: Record<string, unknown> = {};
  for (const bundle of bundlesSoFar) Object.assign(merged, bundle[lang]);
  i18n.addResourceBundle(lang, 'translation', merged, true, false);
  loadedLanguages.add(lang);
}

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
  loadLanguage(lang);
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
