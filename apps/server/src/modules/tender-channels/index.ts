/**
 * The tender-channels module: open tenders posted to Telegram channels by mode, each post edited as its minimum
 * moves and when it closes, through the outbox; and what moderators see of the channels.
 */
export { tenderChannelsRoutes } from './tender-channels.routes.js';
export {
  createChannelSender,
  EDIT_INTERVAL_MS,
  noteTendersChanged,
  queueDueEdit,
  queueTenderPost,
  tenderChannelDueHandlers,
  withChannelPosts,
  type TenderChannelsSettings,
} from './tender-channels.service.js';
export { parseTenderChannels, type TenderChannelRoute } from './channels.config.js';
