/** The tender-questions module: carriers ask before they bid, the owner answers, everyone who may reads. */
export { tenderQuestionsRoutes } from './tender-questions.routes.js';
export {
  hideQuestion,
  publishQuestionsChanged,
  reportableQuestion,
  reportedQuestionTexts,
  type TenderQuestionsContext,
} from './tender-questions.service.js';
