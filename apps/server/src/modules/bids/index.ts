/** The bids module: placing bids (in group commits) and listing them. */
export { bidsRoutes } from './bids.routes.js';
export { placeBid, type BidsContext } from './bids.service.js';
export { formatUsd } from './bid-batcher.js';
export { findBidOfTender, rejectUndecidedBids, settleBids } from './bids.repository.js';
