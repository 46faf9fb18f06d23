/**
 * Every page of the web app, named once: the router mounts these patterns, links and redirects build them
 * with `pathTo`, and the server uses them for the links it puts in notifications.
 */
export const webRoutes = {
  home: '/',
  /** The home of a signed-in user: their figures as a shipper and as a carrier. */
  dashboard: '/dashboard',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  tenders: '/tenders',
  tendersByMode: '/tenders/:mode',
  bidSubmitted: '/tenders/success',
  tender: '/tender/:id',
  orders: '/orders',
  createTender: '/orders/create',
  /** Tenders from a CSV file: checked first, then created all at once. */
  importTenders: '/orders/import',
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
  /** The public page of a tracking link: opens signed out. */
  track: '/track/:token',
  sampleSuccess: '/success',
  myCompany: '/company',
  company: '/companies/:id',
  admin: '/admin',
} as const;

/** The shipment status page showing one shipment (the page also reads the number kept in local storage). */
export function shipmentStatusLink(number: string): string {
  return `${webRoutes.shipmentStatus}?number=${encodeURIComponent(number)}`;
}
