import type appTexts from '../app/i18n';
import type authTexts from '../features/auth/i18n';
import type adminTexts from '../features/admin/i18n';
import type bidsTexts from '../features/bids/i18n';
import type companiesTexts from '../features/companies/i18n';
import type dashboardTexts from '../features/dashboard/i18n';
import type notFoundTexts from '../features/not-found/i18n';
import type notificationsTexts from '../features/notifications/i18n';
import type ordersTexts from '../features/orders/i18n';
import type profileTexts from '../features/profile/i18n';
import type sampleSuccessTexts from '../features/sample-success/i18n';
import type savedSearchesTexts from '../features/saved-searches/i18n';
import type shipmentsTexts from '../features/shipments/i18n';
import type tendersTexts from '../features/tenders/i18n';
import type trackingTexts from '../features/tracking/i18n';
import type vehiclesTexts from '../features/vehicles/i18n';
import type tenderQuestionsTexts from '../features/tender-questions/i18n';
import type conversationsTexts from '../features/conversations/i18n';
import type { fieldTexts } from './catalogues';
import type commonTexts from './common';
import type { errorTexts } from './error-texts';
import type termsTexts from './terms';

/**
 * Every bundle of the app, as types only: the first screen's (common, auth) and those that load with the
 * signed-in pages (./feature-texts). Kept apart from both so that neither imports the other.
 */
type Bundles =
  | typeof commonTexts
  | typeof fieldTexts
  | typeof errorTexts
  | typeof authTexts
  | typeof termsTexts
  | typeof appTexts
  | typeof dashboardTexts
  | typeof profileTexts
  | typeof notFoundTexts
  | typeof vehiclesTexts
  | typeof bidsTexts
  | typeof notificationsTexts
  | typeof shipmentsTexts
  | typeof sampleSuccessTexts
  | typeof tendersTexts
  | typeof ordersTexts
  | typeof companiesTexts
  | typeof adminTexts
  | typeof savedSearchesTexts
  | typeof trackingTexts
  | typeof tenderQuestionsTexts
  | typeof conversationsTexts;

type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

/** The uz texts of all bundles together: the reference shape of every language and of every `t()` key. */
export type AppTexts = UnionToIntersection<Bundles['uz']>;
