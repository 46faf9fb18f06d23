/** A tender's life after it is written: publish, close, award, the end of its last day, and the demo's bidding. */
export { lifecycleRoutes } from './lifecycle.routes.js';
export {
  awardTender,
  buyNow,
  closeTender,
  confirmAward,
  declineAward,
  publishTender,
  type LifecycleContext,
} from './lifecycle.service.js';
export { runDueActions, startDeadlineRunner } from './deadline-runner.js';
export { seedDemoBids } from './demo-bidding.seed.js';
