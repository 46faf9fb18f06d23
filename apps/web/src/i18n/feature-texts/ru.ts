import appTexts from '../../app/i18n/ru';
import adminTexts from '../../features/admin/i18n/ru';
import bidsTexts from '../../features/bids/i18n/ru';
import companiesTexts from '../../features/companies/i18n/ru';
import dashboardTexts from '../../features/dashboard/i18n/ru';
import notFoundTexts from '../../features/not-found/i18n/ru';
import notificationsTexts from '../../features/notifications/i18n/ru';
import ordersTexts from '../../features/orders/i18n/ru';
import profileTexts from '../../features/profile/i18n/ru';
import sampleSuccessTexts from '../../features/sample-success/i18n/ru';
import savedSearchesTexts from '../../features/saved-searches/i18n/ru';
import shipmentsTexts from '../../features/shipments/i18n/ru';
import tendersTexts from '../../features/tenders/i18n/ru';
import trackingTexts from '../../features/tracking/i18n/ru';
import vehiclesTexts from '../../features/vehicles/i18n/ru';
import tenderQuestionsTexts from '../../features/tender-questions/i18n/ru';
import conversationsTexts from '../../features/conversations/i18n/ru';
import { errorTexts } from '../error-texts';
import termsTexts from '../terms/ru';
import type { TranslatedList } from '../types';
import type uz from './uz';

/** The texts of ./uz in Russian, part for part in the same order. */
export default [
  errorTexts.ru,
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
