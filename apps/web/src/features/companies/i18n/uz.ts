import { defineReferenceTexts } from '../../../i18n/types';

/** My company profile and its review, and the public profile of a company. */
export default defineReferenceTexts({
  companies: {
    kinds: { shipper: 'Yuk egasi', carrier: 'Tashish kompaniyasi', both: 'Yuk egasi va tashuvchi' },
    status: {
      unverified: 'Tasdiqlanmagan',
      pending: 'Tekshiruvda',
      verified: 'Tasdiqlangan',
      rejected: "Tekshiruvdan o'tmagan",
    },
    suspended: "Faoliyati to'xtatilgan",
    fields: {
      name: 'Kompaniya nomi',
      stir: 'STIR',
      stirHint: '9 ta raqam',
      kind: 'Faoliyat turi',
      legalAddress: 'Yuridik manzil',
      director: 'Rahbar',
      phone: 'Kompaniya telefoni',
    },
    documents: {
      licence: 'Litsenziya',
      registration_certificate: "Davlat ro'yxatidan o'tganlik guvohnomasi",
      hint: "PDF, JPEG, PNG yoki WebP, ko'pi bilan 10 MB. Yangi fayl joriysini almashtiradi",
      current: 'Joriy hujjatni ochish',
    },
    mine: {
      subtitle: "Kompaniya ma'lumotlari va hujjatlari: tasdiqlangan kompaniyaga ko'proq ishonishadi",
      status: 'Holati:',
      statusHint: {
        unverified: "Ma'lumotlar va ikkala hujjatni to'ldirib, tekshiruvga yuboring",
        pending: "Moderator hujjatlarni ko'rib chiqmoqda",
        verified: "Kompaniyangiz tasdiqlangan: nom, STIR yoki hujjat o'zgarsa, qayta tekshiriladi",
        rejected: "Sababini o'qing, ma'lumotlarni tuzating va qayta yuboring",
      },
      reason: 'Sabab: {reason}',
      send: 'Tekshiruvga yuborish',
      sent: 'Kompaniya tekshiruvga yuborildi',
      sendFailed: "Tekshiruvga yuborib bo'lmadi",
      saved: "Kompaniya ma'lumotlari saqlandi",
      backToReview: "Saqlandi. Tekshirilgan ma'lumotlar o'zgardi: moderator qaror qilguncha kompaniya yana tekshiruvda",
      saveFailed: "Kompaniya ma'lumotlarini saqlab bo'lmadi",
      loadFailed: "Kompaniya ma'lumotlarini yuklab bo'lmadi",
    },
    profile: {
      title: 'Kompaniya',
      memberSince: "{date} dan beri a'zo",
      deals: 'Bajarilgan bitimlar',
      rating: 'Reyting',
      ratingValue: '{avg} / 5 ({n})',
      noShows: 'Javobsiz qolgan tanlovlar',
      onTime: "O'z vaqtida yetkazilgan",
      paidOnTime: "O'z vaqtida to'langan",
      none: "Ma'lumot yo'q",
      reviews: 'Oxirgi fikrlar',
      noReviews: "Hali fikrlar yo'q",
      loadFailed: "Kompaniyani yuklab bo'lmadi",
    },
  },
});
