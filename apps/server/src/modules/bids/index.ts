/** The bids module: placing bids (in group commits) and listing them. */
export { bidsRoutes } from './bids.routes.js';
export { companyRefusal, placeBid, type BidsContext } from './bids.service.js';
export {
  acceptAwardedBid,
  declineAwardedBid,
  expireBid,
  findBidderIds,
  findBid,
  findBidOfTender,
  insertBid,
  lowestAwardableBid,
  markNoShow,
  offerBid,
  rejectOtherBids,
  rejectUndecidedBids,
  rejectUndecidedBidsOf,
} from './bids.repository.js';
