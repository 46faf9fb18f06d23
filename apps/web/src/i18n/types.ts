import type { Texts } from '@yuk/shared';

// The bundle format is the shared one (packages/shared/src/texts.ts): the server writes its texts the same way.
export { defineTexts, type TextBundle, type Texts } from '@yuk/shared';

/*
 * The signed-in pages' texts are written one language to a module (uz.ts, en.ts, ru.ts), so that a visit
 * downloads only the language in use. uz is the reference: each translation is checked against it key for key.
 */

/** A part's texts in uz, under the part's top-level key (e.g. `{ bids: { … } }`): the reference. */
export function defineReferenceTexts<T extends Record<string, object>>(texts: T): T {
  return texts;
}

/** A part's texts in another language: exactly the keys of its uz texts (`defineTranslatedTexts<typeof uz>`). */
export function defineTranslatedTexts<T extends Record<string, object>>(texts: Texts<T>): Texts<T> {
  return texts;
}

/** The parts of a language, in the order of the uz list `L`, each the translation of the uz part there. */
export type TranslatedList<L extends readonly object[]> = { readonly [I in keyof L]: Texts<L[I]> };
