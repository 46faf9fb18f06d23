/** The bids module: placing bids (in group commits) and listing them. */
export { bidsRoutes } from './bids.routes.js';
export { placeBid, type BidsContext } from './bids.service.js';
export {
  acceptAwardedBid,
  declineAwardedBid,
  expireBid,
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
