import appTexts from '../../app/i18n/en';
import adminTexts from '../../features/admin/i18n/en';
import bidsTexts from '../../features/bids/i18n/en';
import companiesTexts from '../../features/companies/i18n/en';
import dashboardTexts from '../../features/dashboard/i18n/en';
import notFoundTexts from '../../features/not-found/i18n/en';
import notificationsTexts from '../../features/notifications/i18n/en';
import ordersTexts from '../../features/orders/i18n/en';
import profileTexts from '../../features/profile/i18n/en';
import sampleSuccessTexts from '../../features/sample-success/i18n/en';
import savedSearchesTexts from '../../features/saved-searches/i18n/en';
import shipmentsTexts from '../../features/shipments/i18n/en';
import tendersTexts from '../../features/tenders/i18n/en';
import trackingTexts from '../../features/tracking/i18n/en';
import vehiclesTexts from '../../features/vehicles/i18n/en';
import tenderQuestionsTexts from '../../features/tender-questions/i18n/en';
import conversationsTexts from '../../features/conversations/i18n/en';
import { errorTexts } from '../error-texts';
import termsTexts from '../terms/en';
import type { TranslatedList } from '../types';
import type uz from './uz';

/** The texts of ./uz in English, part for part in the same order. */
export default [
  errorTexts.en,
  termsTexts,
  appTexts,
  dashboardTexts,
  profileTexts,
  notFoundTexts,
  vehiclesTexts,
  bidsTexts,
  notificationsTexts,
  shipmentsTexts,
  sampleSuccessTexts,
  tendersTexts,
  ordersTexts,
  companiesTexts,
  adminTexts,
  savedSearchesTexts,
  trackingTexts,
  tenderQuestionsTexts,
  conversationsTexts,
] as const satisfies TranslatedList<typeof uz>;
