import { defineReferenceTexts } from '../../../i18n/types';

/** The public page of a tracking link (opened by the receiver, signed out). */
export default defineReferenceTexts({
  tracking: {
    title: 'Yukni kuzatish',
    shipment: 'Yuk {number}',
    route: 'Qayerdan → qayerga',
    loading: "Kuzatish ma'lumotlari yuklanmoqda...",
    notFound: 'Bu kuzatish havolasi ishlamaydi',
    notFoundHint:
      "Havola noto'g'ri, o'chirilgan yoki muddati tugagan (yetkazib berilgandan 7 kun o'tgach). Yuborgan kishidan yangisini so'rang.",
    failed: "Kuzatish ma'lumotlarini yuklab bo'lmadi",
    awarded: 'Yuk hali ortilmagan',
    timeline: 'Bosqichlar',
    updated: "Sahifa har 30 soniyada o'zi yangilanadi",
    expires: 'Havola {time} gacha ishlaydi',
    language: 'Sahifa tili',
    privacy: "Bu sahifada faqat yuk holati va joylashuvi ko'rsatiladi.",
  },
});
