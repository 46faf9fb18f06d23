/** The dashboard module: a user's own figures by month, as a shipper and as a carrier. */
export { dashboardRoutes } from './dashboard.routes.js';
export type { DashboardContext } from './dashboard.service.js';
