import { defineTranslatedTexts } from '../../../i18n/types';
import type uz from './uz';

/** The texts of ./uz in Russian. */
export default defineTranslatedTexts<typeof uz>({
  tenderQuestions: {
    title: 'Вопросы и ответы',
    hint: 'Спросите владельца до того, как сделать предложение. Вопросы с ответами видят все; ваше имя другим перевозчикам не показывается.',
    empty: 'Вопросов пока нет',
    loading: 'Загрузка вопросов...',
    loadFailed: 'Не удалось загрузить вопросы',
    askLabel: 'Ваш вопрос',
    askPlaceholder: 'Например: как грузят? Нужен ли рефрижератор?',
    ask: 'Спросить',
    asking: 'Вопрос отправляется...',
    asked: 'Вопрос отправлен: вы получите уведомление об ответе',
    askFailed: 'Не удалось отправить вопрос',
    answerLabel: 'Ваш ответ',
    answer: 'Ответить',
    answering: 'Ответ отправляется...',
    answered: 'Ответ отправлен',
    answerFailed: 'Не удалось отправить ответ',
    aCarrier: 'Перевозчик',
    awaiting: 'Ждёт ответа (видите только вы и владелец)',
    ownerAnswer: 'Ответ владельца',
    closed: 'Вопросы можно задавать только по открытому тендеру',
    characters: '{count} / {max}',
  },
});
