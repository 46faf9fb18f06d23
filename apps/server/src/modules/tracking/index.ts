/** The tracking module: a shipment's live position, its event stream, and the links that show it to a receiver. */
export { trackingRoutes, type MapSettings } from './tracking.routes.js';
