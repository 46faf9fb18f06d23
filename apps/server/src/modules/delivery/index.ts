/**
 * The delivery module: where each user wants to hear of what happens (settings, Telegram, e-mail, push), and
 * the outbox that carries every message to those channels, durably and once.
 */
export { deliveryRoutes } from './delivery.routes.js';
export { findUserOfTelegramChat, linkFreeChat } from './settings.repository.js';
export { isOutboxWaiting, listDeadChatMessages, type OutboxRow } from './outbox.repository.js';
export { type ChatMessageKind } from './messages.js';
export { type SendOutcome } from './channels/channel.js';
export { type TelegramChannel, type TelegramMessage, type TelegramOutcome } from './channels/telegram.js';
export { type DeliveryContext } from './delivery.service.js';
export {
  queueAccountMessage,
  queueChatMessage,
  queueOutside,
  runOutbox,
  startOutboxSender,
  type AccountMessage,
  type ChatMessageSender,
  type DeliveryChannels,
  type OutsideDraft,
} from './outbox.js';
export {
  createDeliveryChannels,
  ESKIZ_API_DEFAULT,
  SMS_PROVIDERS,
  type SmsConfig,
  generateVapidKeys,
  PUSH_SERVICES_DEFAULT,
  type DeliveryOptions,
  type VapidKeys,
} from './channels/index.js';
