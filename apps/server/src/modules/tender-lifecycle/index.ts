/** A tender's life after it is written: publish, close, award, the end of its last day, and the demo's bidding. */
export { lifecycleRoutes } from './lifecycle.routes.js';
export {
  awardTender,
  buyNow,
  closeTender,
  confirmAward,
  declineAward,
  lifecycleDueHandlers,
  publishTender,
  type LifecycleContext,
} from './lifecycle.service.js';
export { seedDemoBids } from './demo-bidding.seed.js';
