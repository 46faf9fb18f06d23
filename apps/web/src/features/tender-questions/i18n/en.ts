import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in English. */
export default defineTranslatedTexts<typeof uz>({
  tenderQuestions: {
    title: 'Questions and answers',
    hint: 'Ask the owner before you bid. Answered questions are shown to everyone; your name is not shown to other carriers.',
    empty: 'No questions yet',
    loading: 'Loading the questions...',
    loadFailed: 'The questions could not be loaded',
    askLabel: 'Your question',
    askPlaceholder: 'E.g. how is it loaded? Is a refrigerated trailer needed?',
    ask: 'Ask',
    asking: 'Sending the question...',
    asked: 'Question sent: you will be told when it is answered',
    askFailed: 'The question could not be sent',
    answerLabel: 'Your answer',
    answer: 'Answer',
    answering: 'Sending the answer...',
    answered: 'Answer sent',
    answerFailed: 'The answer could not be sent',
    aCarrier: 'A carrier',
    awaiting: 'Awaiting an answer (only you and the owner see it)',
    ownerAnswer: 'The owner’s answer',
    closed: 'Questions can be asked only while the tender is open',
    characters: '{count} / {max}',
  },
});
