import { LANGUAGES, type Language, type Localized } from '@yuk/shared';

/**
 * The delivery note's words. Uzbek is written with its own letters (oʻ, gʻ, the ʼ sign), as the font carries
 * them. Every label shows in the reader's language first, the other two beside it: the note travels between
 * people who read different ones.
 */
export const NOTE_TEXTS = {
  title: { uz: 'Yetkazib berish yoʻlxati', en: 'Delivery note', ru: 'Накладная о доставке' },
  shipment: { uz: 'Yuk raqami', en: 'Shipment number', ru: 'Номер груза' },
  generated: { uz: 'Tuzilgan vaqti', en: 'Issued', ru: 'Дата составления' },
  parties: { uz: 'Tomonlar', en: 'Parties', ru: 'Стороны' },
  owner: { uz: 'Yuk egasi', en: 'Cargo owner', ru: 'Владелец груза' },
  carrier: { uz: 'Tashuvchi', en: 'Carrier', ru: 'Перевозчик' },
  cargo: { uz: 'Yuk', en: 'Cargo', ru: 'Груз' },
  description: { uz: 'Tavsif', en: 'Description', ru: 'Описание' },
  weight: { uz: 'Ogʻirligi', en: 'Weight', ru: 'Вес' },
  volume: { uz: 'Hajmi', en: 'Volume', ru: 'Объём' },
  requirements: { uz: 'Talablar', en: 'Requirements', ru: 'Требования' },
  incoterms: { uz: 'Incoterms', en: 'Incoterms', ru: 'Инкотермс' },
  route: { uz: 'Yoʻnalish', en: 'Route', ru: 'Маршрут' },
  origin: { uz: 'Qayerdan', en: 'From', ru: 'Откуда' },
  destination: { uz: 'Qayerga', en: 'To', ru: 'Куда' },
  pickupDate: { uz: 'Yuklash sanasi', en: 'Pickup date', ru: 'Дата погрузки' },
  deliveryDate: { uz: 'Yetkazish sanasi', en: 'Delivery date', ru: 'Дата доставки' },
  timeline: { uz: 'Bosqichlar (Toshkent vaqti)', en: 'Timeline (Tashkent time)', ru: 'Этапы (время Ташкента)' },
  created: { uz: 'Tashuvchi tanlandi', en: 'Carrier chosen', ru: 'Перевозчик выбран' },
  payment: { uz: 'Narx', en: 'Price', ru: 'Цена' },
  price: { uz: 'Kelishilgan narx', en: 'Agreed price', ru: 'Согласованная цена' },
  proof: { uz: 'Yetkazib berish dalili', en: 'Proof of delivery', ru: 'Подтверждение доставки' },
  receiver: { uz: 'Qabul qiluvchi', en: 'Received by', ru: 'Получатель' },
  recordedAt: { uz: 'Qayd etilgan vaqti', en: 'Recorded', ru: 'Время записи' },
  position: { uz: 'Joylashuv', en: 'Position', ru: 'Местоположение' },
  noPosition: {
    uz: 'Telefon joylashuvni bermadi',
    en: 'The phone gave no position',
    ru: 'Телефон не передал местоположение',
  },
  signature: { uz: 'Qabul qiluvchining imzosi', en: 'Receiver’s signature', ru: 'Подпись получателя' },
  photos: { uz: 'Yuk suratlari', en: 'Photos of the cargo', ru: 'Фотографии груза' },
  noProof: {
    uz: 'Yetkazib berish dalili qayd etilmagan: yetkazib berilganini yuk egasi tasdiqlagan',
    en: 'No proof of delivery was recorded: the cargo owner confirmed the delivery',
    ru: 'Подтверждение доставки не записано: доставку подтвердил владелец груза',
  },
  webpPhoto: {
    uz: 'WebP surat: uni ilovada oching',
    en: 'WebP photo: open it in the app',
    ru: 'Фото в WebP: откройте его в приложении',
  },
  unreadablePhoto: {
    uz: 'Suratni bu yerda koʻrsatib boʻlmadi: uni ilovada oching',
    en: 'The photo cannot be shown here: open it in the app',
    ru: 'Фото нельзя показать здесь: откройте его в приложении',
  },
  award: { uz: 'Imzolangan kelishuv (ERI)', en: 'Signed award (ERI)', ru: 'Подписанное соглашение (ЭЦП)' },
  signedBy: {
    uz: '{name} imzolagan, {date}',
    en: 'Signed by {name} on {date}',
    ru: 'Подписал(а) {name}, {date}',
  },
  notSigned: { uz: 'Imzolanmagan', en: 'Not signed', ru: 'Не подписано' },
  empty: { uz: '—', en: '—', ru: '—' },
  page: { uz: 'sahifa', en: 'page', ru: 'стр.' },
} as const satisfies Record<string, Localized>;

export type NoteTextKey = keyof typeof NOTE_TEXTS;

/** The reader's language first, then the other two in their usual order. */
export function languagesFor(lang: Language): Language[] {
  return [lang, ...LANGUAGES.filter((other) => other !== lang)];
}
