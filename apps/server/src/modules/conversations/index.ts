/**
 * The conversations module: the shipment's two parties talk after the award (messages, photos, PDFs, read marks),
 * the shipment's own events write short lines into it, and a party not on the page is told once per burst.
 */
export { conversationsRoutes } from './conversations.routes.js';
export {
  announceEntry,
  conversationDueHandlers,
  hideMessage,
  MESSAGE_DIGEST_DELAY_MS,
  reportableMessage,
  reportedMessageTexts,
  sendMessage,
  sendMessageDigest,
  type ConversationsContext,
} from './conversations.service.js';

/**
 * Writes a short line of what happened to a shipment into its conversation, inside the caller's transaction
 * (so that it exists exactly when the event does): `appendSystemLine(trx, { shipmentId, kind, params })`.
 * Kinds are SYSTEM_LINE_KINDS of @yuk/shared (`waybill_signed` for the e-waybill, with e.g. `{ side }`); the
 * web app words each kind in the three languages. It returns the line's id: after the commit,
 * `announceEntry(ctx, number, id)` shows it on both parties' open pages.
 */
export { appendSystemLine } from './conversations.service.js';
