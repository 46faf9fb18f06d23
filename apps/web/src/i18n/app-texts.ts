import type authTexts from '../features/auth/i18n';
import type { fieldTexts } from './catalogues';
import type commonTexts from './common';
import type featureTexts from './feature-texts/uz';

/**
 * Every text tree of the app in uz, as types only: the first screen's bundles (common, fields, auth) and the
 * parts that load with the signed-in pages (./feature-texts). Kept apart from both so that neither imports the other.
 */
type Trees = (typeof commonTexts | typeof fieldTexts | typeof authTexts)['uz'] | (typeof featureTexts)[number];

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/** The uz texts of all bundles together: the reference shape of every language and of every `t()` key. */
export type AppTexts = UnionToIntersection<Trees>;
