/** The bids module: placing bids (in group commits) and listing them. */
export { bidsRoutes } from './bids.routes.js';
export { bidDueHandlers, placeBid, type BidsContext } from './bids.service.js';
export {
  acceptAwardedBid,
  declineAwardedBid,
  findBid,
  findBidOfTender,
  insertBid,
  lowestAwardableBid,
  markNoShow,
  offerBid,
  rejectOtherBids,
  rejectUndecidedBidsByTender,
  rejectUndecidedBidsOfTender,
} from './bids.repository.js';
