/**
 * The waybills module: a shipment's e-waybill (e-TTN), made from the shipment, formed at the operator (Didox)
 * and signed there by both parties with their ERI keys (decision 033).
 *
 * `WaybillsContext.onStatusChange` is told of every change of a waybill's status (a party's step or the
 * operator's), after it is stored: the place to write it into the shipment's timeline (the status in words:
 * `WAYBILL_STATUS_TEXT` of @yuk/shared; a rejection carries Didox's reason). `refreshWaybillOfShipment` reads a
 * shipment's waybill again at once (after the owner confirms the delivery, it asks the carrier to hand over).
 */
export { waybillsRoutes } from './waybills.routes.js';
export { runWaybillRefreshes, startWaybillRefresher } from './waybills.runner.js';
export { refreshWaybillOfShipment, type WaybillStatusChange, type WaybillsContext } from './waybills.service.js';
export { createDidoxClient, type DidoxClient, type DidoxSettings } from './didox-client.js';
export { createCbuClient, type CbuClient, type CbuSettings } from './cbu-client.js';
