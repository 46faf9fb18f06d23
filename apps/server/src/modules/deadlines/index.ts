/** The deadlines module: runs every due action of the schedule by the handler its kind's module gives. */
export { runDueActions, startDeadlineRunner } from './deadline-runner.js';
export {
  runDueBatch,
  type AfterCommit,
  type DeadlinesContext,
  type DueBatch,
  type DueHandler,
  type DueHandlers,
} from './due-dispatcher.js';
