import appTexts from '../../app/i18n/uz';
import adminTexts from '../../features/admin/i18n/uz';
import bidsTexts from '../../features/bids/i18n/uz';
import companiesTexts from '../../features/companies/i18n/uz';
import dashboardTexts from '../../features/dashboard/i18n/uz';
import notFoundTexts from '../../features/not-found/i18n/uz';
import notificationsTexts from '../../features/notifications/i18n/uz';
import ordersTexts from '../../features/orders/i18n/uz';
import profileTexts from '../../features/profile/i18n/uz';
import sampleSuccessTexts from '../../features/sample-success/i18n/uz';
import savedSearchesTexts from '../../features/saved-searches/i18n/uz';
import shipmentsTexts from '../../features/shipments/i18n/uz';
import tendersTexts from '../../features/tenders/i18n/uz';
import trackingTexts from '../../features/tracking/i18n/uz';
import vehiclesTexts from '../../features/vehicles/i18n/uz';
import tenderQuestionsTexts from '../../features/tender-questions/i18n/uz';
import conversationsTexts from '../../features/conversations/i18n/uz';
import { errorTexts } from '../error-texts';
import termsTexts from '../terms/uz';

/**
 * The texts of the shell and of the signed-in pages in uz, the reference language: one tree per part, each
 * under its part's top-level key (`nav.*`, `profile.*`, …). Loaded with the pages' code in the language in
 * use (./index). A part is added with one import and one entry here and in ./en and ./ru, at the same place.
 */
export default [
  errorTexts.uz,
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
] as const;
