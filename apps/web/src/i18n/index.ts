import i18n from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@yuk/shared';
import authTexts from '../features/auth/i18n';
import { toast } from '../lib/toast';
import { fieldTexts } from './catalogues';
import commonTexts from './common';
import type { AppTexts } from './app-texts';

/**
 * The texts of the first screen (shared texts and the login screen's), each under its own top-level key
 * (`common.*`, `auth.*`), in the three languages. The signed-in pages' texts are loaded with the pages' code,
 * in the language in use only (`loadFeatureTexts`), so a first visit downloads only what the login screen shows.
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

/** The first screen's texts in one language, a tree per bundle. */
function startTrees(lang: Language): object[] {
  return startTexts.map((bundle) => bundle[lang]);
}

/** The top-level keys of the first screen's texts: no part of the signed-in pages uses one of them. */
const startKeys = new Set(startTrees(DEFAULT_LANGUAGE).flatMap((tree) => Object.keys(tree)));

/** One language's trees of several parts as one tree: two parts never share a top-level key, nor use a `taken` one. */
function mergeTrees(trees: readonly object[], taken: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      if (key in merged || taken.has(key)) throw new Error(`Two features use the same text key "${key}"`);
      merged[key] = value;
    }
  }
  return merged;
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
 * The languages i18next holds the first screen's texts in: the chosen one and the fallback. Another language's
 * are merged in when the user switches to it.
 */
const startLanguages = new Set<Language>([initialLanguage, DEFAULT_LANGUAGE]);

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    [...startLanguages].map((lang) => [lang, { translation: mergeTrees(startTrees(lang)) }]),
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

/**
 * Adds texts to a language beside those already there. Top-level keys never overlap, so a shallow merge
 * suffices, and the trees are the modules' own, not copied (i18next only reads them): large texts cost no work.
 */
function addToLanguage(lang: Language, texts: Record<string, unknown>): void {
  i18n.addResourceBundle(lang, 'translation', texts, false, false, { skipCopy: true });
}

/** Merges in a language's first-screen texts, before the app switches to it. */
function loadStartTexts(lang: Language): void {
  if (startLanguages.has(lang)) return;
  addToLanguage(lang, mergeTrees(startTrees(lang)));
  startLanguages.add(lang);
}

/**
 * The signed-in pages' texts, one chunk per language (feature-texts/uz, en, ru): the language in use loads
 * with the pages' code, and another one when the user switches to it.
 */
const FEATURE_TEXTS: Record<Language, () => Promise<{ default: readonly object[] }>> = {
  uz: () => import('./feature-texts/uz'),
  en: () => import('./feature-texts/en'),
  ru: () => import('./feature-texts/ru'),
};
const featureLoads = new Map<Language, Promise<void>>();
/** Set once the signed-in pages (or the tracking page) are wanted: every language switched to needs their texts. */
let featuresInUse = false;

function loadFeatures(lang: Language): Promise<void> {
  let load = featureLoads.get(lang);
  if (!load) {
    load = FEATURE_TEXTS[lang]().then(({ default: trees }) => addToLanguage(lang, mergeTrees(trees, startKeys)));
    // a failed download (offline) is tried again on the next call
    load.catch(() => featureLoads.delete(lang));
    featureLoads.set(lang, load);
  }
  return load;
}

/**
 * Loads the texts of the shell and the signed-in pages in the language in use; from then on, a switch to
 * another language waits for its texts. Called with the import of the pages' code.
 */
export async function loadFeatureTexts(): Promise<void> {
  featuresInUse = true;
  // a switch made while these load (it did not wait for them) is followed
  for (let lang = currentLanguage(); ; lang = currentLanguage()) {
    await loadFeatures(lang);
    if (lang === currentLanguage()) return;
  }
}

/** The language in use right now (for Accept-Language and formatting outside React). */
export function currentLanguage(): Language {
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * Switches the interface language, keeps the choice under `lang` and marks the page's language. Waits for the
 * language's texts of the signed-in pages when they are in use; if they cannot be downloaded, nothing changes.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  loadStartTexts(lang);
  if (featuresInUse) await loadFeatures(lang);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage unavailable (private mode): the choice still applies to this visit
  }
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

/**
 * The current language as app state: components re-render when it changes. A switch whose texts cannot be
 * downloaded (offline) says so and keeps the language.
 */
export function useLanguage(): { language: Language; setLanguage: (lang: Language) => Promise<void> } {
  const { t, i18n: instance } = useTranslation();
  const lang = instance.resolvedLanguage ?? instance.language;
  const setLanguage = useCallback(
    (next: Language) => changeLanguage(next).catch(() => toast.error(t('common.errors.network'))),
    [t],
  );
  return { language: isLanguage(lang) ? lang : DEFAULT_LANGUAGE, setLanguage };
}

export default i18n;
