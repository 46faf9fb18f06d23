import { z } from 'zod';
import { interpolate, type Language, type Localized } from './language.js';

export const NOTIFICATION_TYPES = ['offer', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const SHIPMENT_STATUSES = ['awarded', 'loaded', 'on_the_way', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Shipment steps as the spec names them (timeline of /shipment/status). */
export const SHIPMENT_STATUS_TEXT: Record<ShipmentStatus, Localized> = {
  awarded: { uz: 'Tayinlangan', en: 'Assigned', ru: 'Назначен' },
  loaded: { uz: 'Yuklangan', en: 'Loaded', ru: 'Загружен' },
  on_the_way: { uz: "Yo'lda", en: 'On the way', ru: 'В пути' },
  delivered: { uz: 'Yetkazib berilgan', en: 'Delivered', ru: 'Доставлен' },
};

/** The documents a reminder names, in words (the `document` param of document_expiring). */
export const DOCUMENT_TEXT: Record<string, Localized> = {
  insurance: { uz: 'Sug‘urta polisi', en: 'The insurance policy', ru: 'Страховой полис' },
  registration: { uz: 'Texnik pasport', en: 'The registration certificate', ru: 'Техпаспорт' },
  inspection: { uz: 'Texnik ko‘rik', en: 'The technical inspection', ru: 'Техосмотр' },
  permit: { uz: 'Ruxsatnoma', en: 'The transport permit', ru: 'Разрешение на перевозку' },
};

interface NotificationTemplate {
  type: NotificationType;
  title: Localized;
  body: Localized;
}

/**
 * What happened, for whom: each kind has a type (the Offers or System tab) and texts in the three languages,
 * filled with the params stored with the notification and shown in the reader's language.
 */
export const NOTIFICATION_TEMPLATES = {
  bid_received: {
    type: 'offer',
    title: {
      uz: 'Tenderingizga yangi taklif',
      en: 'New bid on your tender',
      ru: 'Новое предложение по вашему тендеру',
    },
    body: {
      uz: '{number} «{name}»: {amount} USD',
      en: '{number} “{name}”: {amount} USD',
      ru: '{number} «{name}»: {amount} USD',
    },
  },
  outbid: {
    type: 'offer',
    title: {
      uz: 'Sizning taklifingizdan pastroq taklif berildi',
      en: 'You have been outbid',
      ru: 'Ваше предложение перебито',
    },
    body: {
      uz: '{number} «{name}»: yangi eng past taklif {amount} USD',
      en: '{number} “{name}”: the new lowest bid is {amount} USD',
      ru: '{number} «{name}»: новое лучшее предложение {amount} USD',
    },
  },
  bid_won: {
    type: 'offer',
    title: { uz: 'Taklifingiz qabul qilindi!', en: 'Your bid was accepted!', ru: 'Ваше предложение принято!' },
    body: {
      uz: '{number} «{name}»: {amount} USD. Yukni kuzatishni boshlang',
      en: '{number} “{name}”: {amount} USD. Start tracking the shipment',
      ru: '{number} «{name}»: {amount} USD. Начните отслеживать груз',
    },
  },
  bid_lost: {
    type: 'offer',
    title: { uz: 'Taklifingiz qabul qilinmadi', en: 'Your bid was not accepted', ru: 'Ваше предложение не принято' },
    body: {
      uz: '{number} «{name}» boshqa tashuvchiga berildi yoki yopildi',
      en: '{number} “{name}” went to another carrier or was closed',
      ru: '{number} «{name}» передан другому перевозчику или закрыт',
    },
  },
  tender_closed: {
    type: 'system',
    title: { uz: 'Tender muddati tugadi', en: 'Your tender has ended', ru: 'Срок вашего тендера истёк' },
    body: {
      uz: '{number} «{name}» yopildi: {bids} ta taklif. Endi g‘olibni tanlashingiz mumkin',
      en: '{number} “{name}” is closed with {bids} bids. You can now choose the winner',
      ru: '{number} «{name}» закрыт, предложений: {bids}. Теперь можно выбрать победителя',
    },
  },
  award_offered: {
    type: 'offer',
    title: {
      uz: "Siz g'olib bo'ldingiz! {confirm_by} gacha tasdiqlang",
      en: 'You won! Confirm by {confirm_by}',
      ru: 'Вы победили! Подтвердите до {confirm_by}',
    },
    body: {
      uz: '{number} «{name}»: {amount} USD. {confirm_by} gacha (Toshkent vaqti) tasdiqlang yoki rad eting',
      en: '{number} “{name}”: {amount} USD. Confirm or decline by {confirm_by} (Tashkent time)',
      ru: '{number} «{name}»: {amount} USD. Подтвердите или откажитесь до {confirm_by} (по Ташкенту)',
    },
  },
  award_confirmed: {
    type: 'offer',
    title: { uz: 'Tashuvchi tasdiqladi', en: 'The carrier confirmed', ru: 'Перевозчик подтвердил' },
    body: {
      uz: '{number} «{name}»: {amount} USD. Yuk yaratildi',
      en: '{number} “{name}”: {amount} USD. The shipment is created',
      ru: '{number} «{name}»: {amount} USD. Груз создан',
    },
  },
  award_declined: {
    type: 'offer',
    title: {
      uz: 'Tashuvchi rad etdi: taklif keyingisiga o‘tdi',
      en: 'The carrier declined: the award passed to the next bid',
      ru: 'Перевозчик отказался: выбор перешёл к следующему предложению',
    },
    body: {
      uz: '{number} «{name}»: endi {amount} USD lik taklif tasdiqlashni kutmoqda',
      en: '{number} “{name}”: the bid of {amount} USD now awaits confirmation',
      ru: '{number} «{name}»: теперь подтверждения ждёт предложение {amount} USD',
    },
  },
  award_no_show: {
    type: 'offer',
    title: {
      uz: 'Tashuvchi javob bermadi: taklif keyingisiga o‘tdi',
      en: 'The carrier did not answer: the award passed to the next bid',
      ru: 'Перевозчик не ответил: выбор перешёл к следующему предложению',
    },
    body: {
      uz: '{number} «{name}»: endi {amount} USD lik taklif tasdiqlashni kutmoqda',
      en: '{number} “{name}”: the bid of {amount} USD now awaits confirmation',
      ru: '{number} «{name}»: теперь подтверждения ждёт предложение {amount} USD',
    },
  },
  award_unfilled: {
    type: 'system',
    title: {
      uz: 'Hech bir tashuvchi tasdiqlamadi',
      en: 'No carrier confirmed',
      ru: 'Ни один перевозчик не подтвердил',
    },
    body: {
      uz: "{number} «{name}» g'olibsiz yopildi. Taklifni qo'lda tanlashingiz mumkin",
      en: '{number} “{name}” closed without a winner. You may still award a bid by hand',
      ru: '{number} «{name}» закрыт без победителя. Вы можете выбрать предложение вручную',
    },
  },
  reserve_not_met: {
    type: 'system',
    title: {
      uz: 'Hech bir taklif zaxira narxga yetmadi',
      en: 'No bid met your reserve',
      ru: 'Ни одно предложение не уложилось в резервную цену',
    },
    body: {
      uz: "{number} «{name}» yopildi: {bids} ta taklif. Taklifni qo'lda tanlashingiz mumkin",
      en: '{number} “{name}” is closed with {bids} bids. You may still award a bid by hand',
      ru: '{number} «{name}» закрыт, предложений: {bids}. Вы можете выбрать предложение вручную',
    },
  },
  bidding_extended: {
    type: 'offer',
    title: { uz: 'Savdo uzaytirildi', en: 'Bidding was extended', ru: 'Торги продлены' },
    body: {
      uz: '{number} «{name}»: savdo {closes_at} da (Toshkent vaqti) tugaydi',
      en: '{number} “{name}”: bidding now ends at {closes_at} (Tashkent time)',
      ru: '{number} «{name}»: торги теперь заканчиваются в {closes_at} (по Ташкенту)',
    },
  },
  bought_now: {
    type: 'offer',
    title: {
      uz: 'Tenderingiz darhol olish narxida olindi',
      en: 'Your tender was taken at the buy-now price',
      ru: 'Ваш тендер забрали по цене «купить сейчас»',
    },
    body: {
      uz: '{number} «{name}»: {amount} USD. Yuk yaratildi',
      en: '{number} “{name}”: {amount} USD. The shipment is created',
      ru: '{number} «{name}»: {amount} USD. Груз создан',
    },
  },
  company_verified: {
    type: 'system',
    title: { uz: 'Kompaniyangiz tasdiqlandi', en: 'Your company is verified', ru: 'Ваша компания подтверждена' },
    body: {
      uz: '«{name}» endi tasdiqlangan belgisi bilan ko‘rinadi',
      en: '“{name}” now shows the verified mark',
      ru: '«{name}» теперь отмечена как проверенная',
    },
  },
  company_rejected: {
    type: 'system',
    title: {
      uz: 'Kompaniya tekshiruvdan o‘tmadi',
      en: 'Your company was not verified',
      ru: 'Компания не прошла проверку',
    },
    body: {
      uz: '«{name}»: {reason}. Ma’lumotlarni tuzatib, qayta yuboring',
      en: '“{name}”: {reason}. Correct the profile and send it again',
      ru: '«{name}»: {reason}. Исправьте профиль и отправьте снова',
    },
  },
  company_suspended: {
    type: 'system',
    title: { uz: 'Kompaniya faoliyati to‘xtatildi', en: 'Your company is suspended', ru: 'Компания приостановлена' },
    body: {
      uz: '«{name}»: {reason}',
      en: '“{name}”: {reason}',
      ru: '«{name}»: {reason}',
    },
  },
  company_unsuspended: {
    type: 'system',
    title: { uz: 'Kompaniya faoliyati tiklandi', en: 'Your company is active again', ru: 'Компания снова активна' },
    body: {
      uz: '«{name}» yana tender e’lon qilishi va taklif berishi mumkin',
      en: '“{name}” may post tenders and bid again',
      ru: '«{name}» снова может публиковать тендеры и делать предложения',
    },
  },
  tender_matched: {
    type: 'offer',
    title: {
      uz: 'Qidiruvingizga mos yangi tender: {search}',
      en: 'A new tender matches your search: {search}',
      ru: 'Новый тендер по вашему поиску: {search}',
    },
    body: {
      uz: '{number} «{name}»: {origin} → {destination}, {price} USD',
      en: '{number} “{name}”: {origin} → {destination}, {price} USD',
      ru: '{number} «{name}»: {origin} → {destination}, {price} USD',
    },
  },
  document_expiring: {
    type: 'system',
    title: {
      uz: 'Hujjat muddati tugayapti',
      en: 'A document is about to expire',
      ru: 'Срок действия документа истекает',
    },
    body: {
      uz: '{vehicle}: {document} {expires_on} gacha amal qiladi',
      en: '{vehicle}: {document} is valid until {expires_on}',
      ru: '{vehicle}: {document} действует до {expires_on}',
    },
  },
  shipment_moved: {
    type: 'system',
    title: { uz: "Yuk holati o'zgardi", en: 'Shipment status changed', ru: 'Статус груза изменился' },
    body: { uz: '{number}: {status}', en: '{number}: {status}', ru: '{number}: {status}' },
  },
  delivery_proof_recorded: {
    type: 'system',
    title: {
      uz: 'Yetkazib berish dalili qayd etildi',
      en: 'Proof of delivery recorded',
      ru: 'Записано подтверждение доставки',
    },
    body: {
      uz: '{number}: qabul qildi {receiver}. Koʻrib chiqib, yetkazib berilganini tasdiqlang',
      en: '{number}: received by {receiver}. Check it and confirm the delivery',
      ru: '{number}: принял(а) {receiver}. Проверьте и подтвердите доставку',
    },
  },
  award_signed: {
    type: 'system',
    title: {
      uz: 'Ikkinchi tomon shartnomani imzoladi',
      en: 'The other party signed the award',
      ru: 'Другая сторона подписала соглашение',
    },
    body: {
      uz: '{number}: {signer} ERI kaliti bilan imzoladi. Imzolangan shartnoma yuk sahifasida',
      en: '{number}: signed by {signer} with an ERI key. The signed award is on the shipment page',
      ru: '{number}: подписал(а) {signer} ключом ЭЦП. Подписанное соглашение на странице груза',
    },
  },
  telegram_channel_refused: {
    type: 'system',
    title: {
      uz: 'Telegram kanali botni qabul qilmayapti',
      en: 'A Telegram channel refuses the bot',
      ru: 'Telegram-канал не принимает бота',
    },
    body: {
      uz: '{chat}: tenderlar e’lon qilinmayapti ({error}). Botni kanalga administrator qilib qo‘shing',
      en: '{chat}: tenders are not being posted ({error}). Make the bot an administrator of the channel',
      ru: '{chat}: тендеры не публикуются ({error}). Сделайте бота администратором канала',
    },
  },
  question_asked: {
    type: 'offer',
    title: {
      uz: 'Tenderingiz bo‘yicha savol',
      en: 'A question on your tender',
      ru: 'Вопрос по вашему тендеру',
    },
    body: {
      uz: '{number} «{name}»: {question}',
      en: '{number} “{name}”: {question}',
      ru: '{number} «{name}»: {question}',
    },
  },
  question_answered: {
    type: 'offer',
    title: {
      uz: 'Tender egasi savolga javob berdi',
      en: 'The owner answered a question',
      ru: 'Владелец тендера ответил на вопрос',
    },
    body: {
      uz: '{number} «{name}»: {question} — {answer}',
      en: '{number} “{name}”: {question} — {answer}',
      ru: '{number} «{name}»: {question} — {answer}',
    },
  },
  shipment_messages: {
    type: 'system',
    title: {
      uz: '{number}: yangi xabarlar ({count})',
      en: '{number}: new messages ({count})',
      ru: '{number}: новые сообщения ({count})',
    },
    body: { uz: '{author}: {preview}', en: '{author}: {preview}', ru: '{author}: {preview}' },
  },
  company_review_needed: {
    type: 'system',
    title: {
      uz: 'Kompaniya qayta tekshiruvni kutmoqda',
      en: 'A company waits for review again',
      ru: 'Компания снова ждёт проверки',
    },
    body: {
      uz: '«{name}» (STIR {stir}) tasdiqlangan maʼlumotlari yoki hujjatlarini almashtirdi: ularni qayta koʻrib chiqing',
      en: '“{name}” (STIR {stir}) replaced its checked details or documents: review them again',
      ru: '«{name}» (ИНН {stir}) заменила проверенные данные или документы: проверьте их снова',
    },
  },
  tenders_matched: {
    type: 'offer',
    title: {
      uz: 'Qidiruvingizga mos {count} ta yangi tender: {search}',
      en: '{count} new tenders match your search: {search}',
      ru: 'Новых тендеров по вашему поиску: {count} ({search})',
    },
    body: { uz: '{tenders}', en: '{tenders}', ru: '{tenders}' },
  },
  waybill_delivery_asked: {
    type: 'system',
    title: {
      uz: 'Yuk xatida yetkazib berishni tasdiqlang',
      en: 'Confirm the delivery on the waybill',
      ru: 'Подтвердите доставку в накладной',
    },
    body: {
      uz: '{number}: yuk egasi yetkazib berilganini tasdiqladi. Elektron yuk xatida topshirishni ERI bilan imzolang',
      en: '{number}: the owner confirmed the delivery. Sign the handover on the e-waybill with your ERI key',
      ru: '{number}: владелец подтвердил доставку. Подпишите передачу груза в электронной накладной ключом ЭЦП',
    },
  },
} as const satisfies Record<string, NotificationTemplate>;

export type NotificationKind = keyof typeof NOTIFICATION_TEMPLATES;
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_TEMPLATES) as NotificationKind[];

export type NotificationParams = Record<string, string | number>;

/** The params of a notification as stored (JSON text); an unreadable value reads as none. */
export function readNotificationParams(json: string): NotificationParams {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as NotificationParams) : {};
  } catch {
    return {};
  }
}

/**
 * The title and body of a notification in one language. A `status` param is a shipment status and a
 * `document` param a document's key, both shown in words.
 */
export function renderNotification(kind: NotificationKind, params: NotificationParams, lang: Language) {
  const template = NOTIFICATION_TEMPLATES[kind];
  const { status, document } = params;
  const filled: NotificationParams = { ...params };
  if (typeof status === 'string' && status in SHIPMENT_STATUS_TEXT) {
    filled.status = SHIPMENT_STATUS_TEXT[status as ShipmentStatus][lang];
  }
  if (typeof document === 'string' && DOCUMENT_TEXT[document]) filled.document = DOCUMENT_TEXT[document][lang];
  return { title: interpolate(template.title[lang], filled), body: interpolate(template.body[lang], filled) };
}

export const NOTIFICATION_TAB_VALUES = ['all', 'unread', 'system', 'offers'] as const;
export type NotificationTab = (typeof NOTIFICATION_TAB_VALUES)[number];

export const notificationListQuery = z.object({
  tab: z.enum(NOTIFICATION_TAB_VALUES, { error: 'one_of' }).default('all'),
  limit: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .min(1, { error: 'positive' })
    .max(100, { error: 'too_large' })
    .default(50),
  /** The id of the last notification of the previous page: the next page is older. */
  before: z.coerce
    .number({ error: 'integer' })
    .int({ error: 'integer' })
    .positive({ error: 'integer' })
    .max(2_147_483_647, { error: 'integer' })
    .optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notification = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    kind: z.enum(NOTIFICATION_KINDS as [NotificationKind, ...NotificationKind[]]),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    read: z.boolean(),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 31,
        type: 'offer',
        kind: 'bid_received',
        title: 'New bid',
        body: 'A bid of 1,300 USD on YT-000123',
        link: '/tender/123',
        read: false,
        created_at: '2026-11-24T11:00:01.000Z',
      },
    ],
  });
export type Notification = z.infer<typeof notification>;

export const unreadCount = z.object({ count: z.number().int() }).meta({ examples: [{ count: 3 }] });
export type UnreadCount = z.infer<typeof unreadCount>;
