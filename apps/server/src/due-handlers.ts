import { bidDueHandlers } from './modules/bids/index.js';
import { conversationDueHandlers } from './modules/conversations/index.js';
import type { DueHandlers } from './modules/deadlines/index.js';
import { ratingDueHandlers } from './modules/ratings/index.js';
import { savedSearchDueHandlers } from './modules/saved-searches/index.js';
import { tenderChannelDueHandlers } from './modules/tender-channels/index.js';
import { lifecycleDueHandlers } from './modules/tender-lifecycle/index.js';
import { vehicleDueHandlers } from './modules/vehicles/index.js';

/**
 * Every kind of deadline with the handler of the module that schedules it; a kind added to the schedule without
 * a handler here does not compile.
 */
export const dueHandlers: DueHandlers = {
  ...lifecycleDueHandlers,
  ...bidDueHandlers,
  ...savedSearchDueHandlers,
  ...vehicleDueHandlers,
  ...tenderChannelDueHandlers,
  ...conversationDueHandlers,
  ...ratingDueHandlers,
};
