/** The shipments module: the road from an award to delivery. */
export { shipmentsRoutes } from './shipments.routes.js';
export {
  createShipmentForAward,
  findPartyShipment,
  findShipmentById,
  findShipmentParties,
  moveShipment,
  shipmentChannel,
} from './shipments.service.js';
