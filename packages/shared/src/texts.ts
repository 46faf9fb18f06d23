import { LANGUAGES, type Language, type Localized } from './language.js';

/**
 * The one way the product's texts are written, on the server and in the web app: a bundle holds a tree of
 * texts per language, uz being the reference that en and ru must match key for key (checked by the type).
 * Placeholders are `{name}`, filled by `interpolate` here and by i18next (configured alike) in the browser.
 */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** One part's texts in the three languages, under the part's own top-level key (e.g. `{ profile: { … } }`). */
export type TextBundle<T> = { uz: T } & { [L in Exclude<Language, 'uz'>]: Texts<T> };

export function defineTexts<T extends Record<string, object>>(bundle: TextBundle<T>): TextBundle<T> {
  return bundle;
}

/**
 * A catalogue kept entry by entry (each key with its three texts, as ERRORS and FIELD_MESSAGES are, so that
 * a rule and its texts sit together) as a bundle under `name`: `errors.TENDER_NOT_OPEN` in the web app is
 * the very text the API answers with.
 */
export function catalogueBundle<N extends string, K extends string>(
  name: N,
  catalogue: Readonly<Record<K, Localized>>,
): TextBundle<Record<N, Record<K, string>>> {
  const tree = (lang: Language) =>
    ({
      [name]: Object.fromEntries(Object.entries<Localized>(catalogue).map(([key, texts]) => [key, texts[lang]])),
    }) as Record<N, Record<K, string>>;
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, tree(lang)])) as TextBundle<Record<N, Record<K, string>>>;
}
