import { defineReferenceTexts } from '../../../i18n/types';

/** The conversation of a shipment's two parties. */
export default defineReferenceTexts({
  conversations: {
    title: 'Suhbat',
    hint: 'Yuklash, haydovchi va hujjatlarni shu yerda kelishib oling: hammasi yuk tarixida qoladi.',
    loading: 'Xabarlar yuklanmoqda...',
    loadFailed: 'Xabarlarni yuklab bo‘lmadi',
    empty: 'Hali xabar yo‘q. Birinchi bo‘lib yozing.',
    earlier: 'Avvalgi xabarlar',
    messageLabel: 'Xabaringiz',
    placeholder: 'Xabar yozing...',
    send: 'Yuborish',
    sending: 'Xabar yuborilmoqda...',
    sendFailed: 'Xabarni yuborib bo‘lmadi',
    attach: 'Rasm yoki PDF',
    removeFile: 'Faylni olib tashlash',
    owner: 'Yuk egasi',
    carrier: 'Tashuvchi',
    read: 'O‘qildi',
    sent: 'Yuborildi',
    unread: '{count} ta o‘qilmagan',
    offline: 'Internet yo‘q: xabarlarni faqat o‘qish mumkin',
    openFile: 'Faylni ochish: {name}',
    system: {
      loaded: 'Yuk yuklandi',
      on_the_way: 'Yuk yo‘lda',
      delivered: 'Yetkazib berildi',
      waybill_signed: 'Elektron yo‘l varaqasi imzolandi',
    },
  },
});
