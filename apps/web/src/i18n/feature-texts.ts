import appTexts from '../app/i18n';
import adminTexts from '../features/admin/i18n';
import bidsTexts from '../features/bids/i18n';
import companiesTexts from '../features/companies/i18n';
import dashboardTexts from '../features/dashboard/i18n';
import notFoundTexts from '../features/not-found/i18n';
import notificationsTexts from '../features/notifications/i18n';
import ordersTexts from '../features/orders/i18n';
import profileTexts from '../features/profile/i18n';
import sampleSuccessTexts from '../features/sample-success/i18n';
import savedSearchesTexts from '../features/saved-searches/i18n';
import shipmentsTexts from '../features/shipments/i18n';
import tendersTexts from '../features/tenders/i18n';
import trackingTexts from '../features/tracking/i18n';
import vehiclesTexts from '../features/vehicles/i18n';
import tenderQuestionsTexts from '../features/tender-questions/i18n';
import conversationsTexts from '../features/conversations/i18n';
import { errorTexts } from './error-texts';
import termsTexts from './terms';
import { addTexts } from './index';

/**
 * The texts of the shell and of the signed-in pages, each under its feature's top-level key (`nav.*`,
 * `profile.*`, …). Imported by the router, so they load with the pages' code, not on the login screen.
 * A feature adds its `i18n.ts` with one import above and one entry here.
 */
export const featureTexts = [
  errorTexts,
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
];

addTexts(featureTexts);
