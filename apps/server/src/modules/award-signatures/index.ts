/** The award-signatures module: both parties sign a shipment's award with their ERI keys (decision 028). */
export { awardSignaturesRoutes } from './award-signatures.routes.js';
export { awardSignaturesOfShipment, type AwardSignaturesContext } from './award-signatures.service.js';
