import { defineReferenceTexts } from '../../../i18n/types';

/** Questions on a tender before bidding, and the owner's answers. */
export default defineReferenceTexts({
  tenderQuestions: {
    title: 'Savollar va javoblar',
    hint: 'Taklif berishdan oldin tender egasidan so‘rang. Javob berilgan savollarni hamma ko‘radi; ismingiz boshqa tashuvchilarga ko‘rsatilmaydi.',
    empty: 'Hali savol yo‘q',
    loading: 'Savollar yuklanmoqda...',
    loadFailed: 'Savollarni yuklab bo‘lmadi',
    askLabel: 'Savolingiz',
    askPlaceholder: 'Masalan: yuk qanday yuklanadi? Refrijerator kerakmi?',
    ask: 'Savol berish',
    asking: 'Savol yuborilmoqda...',
    asked: 'Savol yuborildi: javob berilganda xabar olasiz',
    askFailed: 'Savolni yuborib bo‘lmadi',
    answerLabel: 'Javobingiz',
    answer: 'Javob berish',
    answering: 'Javob yuborilmoqda...',
    answered: 'Javob yuborildi',
    answerFailed: 'Javobni yuborib bo‘lmadi',
    aCarrier: 'Tashuvchi',
    awaiting: 'Javob kutilmoqda (faqat siz va tender egasi ko‘radi)',
    ownerAnswer: 'Tender egasining javobi',
    closed: 'Savollar faqat ochiq tenderga beriladi',
    characters: '{count} / {max}',
  },
});
