/**
 * Every page of the web app, named once: the router mounts these patterns, links and redirects build them
 * with `pathTo`, and the server uses them for the links it puts in notifications.
 */
export const webRoutes = {
  home: '/',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  tenders: '/tenders',
  tendersByMode: '/tenders/:mode',
  bidSubmitted: '/tenders/success',
  tender: '/tender/:id',
  orders: '/orders',
  createTender: '/orders/create',
  bids: '/bids',
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  savedSearches: '/saved-searches',
  profile: '/profile',
  vehicles: '/vehicles',
  newVehicle: '/vehicles/new',
  editVehicle: '/vehicles/edit/:id',
  shipmentStatus: '/shipment/status',
  shipmentSuccess: '/shipment/success',
  sampleSuccess: '/success',
  myCompany: '/company',
  company: '/companies/:id',
  admin: '/admin',
} as const;

/** The shipment status page showing one shipment (the page also reads the number kept in local storage). */
export function shipmentStatusLink(number: string): string {
  return `${webRoutes.shipmentStatus}?number=${encodeURIComponent(number)}`;
}
