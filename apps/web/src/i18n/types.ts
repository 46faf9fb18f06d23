import type { Language } from '@yuk/shared';

/** The texts of one language with every leaf a string: en and ru must have exactly the keys of uz. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/**
 * One feature's texts in the three languages, under the feature's own top-level key
 * (e.g. `{ profile: { title: … } }`). uz is the reference: en and ru are checked against it.
 */
export type TextBundle<T> = { uz: T } & { [L in Exclude<Language, 'uz'>]: Texts<T> };

export function defineTexts<T extends Record<string, object>>(bundle: TextBundle<T>): TextBundle<T> {
  return bundle;
}
