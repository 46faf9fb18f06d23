/** The delivery-proof module: the carrier's proof of delivery and the delivery note (PDF) of a shipment. */
export { deliveryProofRoutes } from './delivery-proof.routes.js';
export { NOTE_FONT_FILES } from './delivery-note.js';
