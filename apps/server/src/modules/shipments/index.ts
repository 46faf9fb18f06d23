/** The shipments module: the road from an award to delivery. */
export { shipmentsRoutes } from './shipments.routes.js';
export { createShipmentForAward, moveShipment } from './shipments.service.js';
