/** The tenders module: writing and listing tenders, and a tender's state as bids and decisions move it. */
export { tendersRoutes } from './tenders.routes.js';
export { seedDemoTenders } from './tenders.seed.js';
export {
  closeTendersAtDeadline,
  findOpenedTender,
  findOpenedTendersOfImport,
  findTenderState,
  findTenderSummary,
  listOwnerTendersInStatus,
  extendedClose,
  moveScheduledClose,
  lowerCurrentMinimum,
  listWarmUpStatements,
  lockTenders,
  lowerMinimumsInOrder,
  moveTenderStatus,
  setAwardedBid,
  setTenderWindow,
  takeAtBuyNowPrice,
} from './tenders.repository.js';
export {
  clockMs,
  getLiveState,
  liveStateOf,
  marketDay,
  ownTender,
  publishTenderState,
  tenderChannel,
  tenderQuestionsChannel,
  visibleTender,
  type TenderState,
  type TenderStateContext,
} from './tender-state.js';
export { tradeRefusal, type Trade } from './trade-refusal.js';
