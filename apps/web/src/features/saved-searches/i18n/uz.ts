import { defineReferenceTexts } from '../../../i18n/types';

/** My saved searches. */
export default defineReferenceTexts({
  savedSearches: {
    subtitle: "Yo'nalishlaringiz: mos tender ochilishi bilan xabar olasiz",
    newSearch: 'Yangi qidiruv',
    deliverySettings: 'Xabar olish sozlamalari',
    loading: 'Qidiruvlar yuklanmoqda...',
    fetchFailed: "Qidiruvlarni yuklab bo'lmadi",
    empty: "Hali saqlangan qidiruv yo'q",
    emptyHint: "Tenderlar ro'yxatida filtrlarni tanlang va «Bu qidiruvni saqlash» tugmasini bosing.",
    count: '{n} / {max}',
    anyPlace: 'Istalgan joy',
    anyMode: 'Barcha transport turlari',
    upTo: '{kg} kg gacha',
    from: '{usd} dan',
    deleteTitle: "Qidiruvni o'chirish",
    deleteText: "«{name}» o'chirilsinmi? Bu yo'nalish bo'yicha xabar kelmay qoladi.",
    deleting: "O'chirilmoqda...",
    deleted: "Qidiruv o'chirildi",
    deleteFailed: "Qidiruvni o'chirib bo'lmadi",
  },
});
