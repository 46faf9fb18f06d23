import {
  formatMarketDay,
  formatMarketTime,
  formatUsd,
  interpolate,
  tenderStartParam,
  type Language,
  type Localized,
  type TenderStatus,
} from '@yuk/shared';

/** What a channel post says of a tender, read when it is sent. */
export interface PostedTender {
  id: number;
  number: string;
  origin_location: string;
  destination_location: string;
  cargo_type: string;
  cargo_weight: number;
  shipment_date: string;
  delivery_date: string;
  initial_price_cents: number;
  current_min_bid_cents: number | null;
  closes_at_ms: number;
  status: TenderStatus;
  /** The owner's company is verified. */
  verified: boolean;
}

const TEXTS = {
  cargo: { uz: 'Yuk: {cargo}, {weight} kg', en: 'Cargo: {cargo}, {weight} kg', ru: 'Груз: {cargo}, {weight} кг' },
  dates: { uz: 'Sanalar: {from} – {to}', en: 'Dates: {from} – {to}', ru: 'Даты: {from} – {to}' },
  start: {
    uz: 'Boshlang‘ich narx: {amount} USD',
    en: 'Starting price: {amount} USD',
    ru: 'Стартовая цена: {amount} USD',
  },
  minimum: {
    uz: 'Hozirgi eng past taklif: {amount} USD',
    en: 'Current lowest bid: {amount} USD',
    ru: 'Текущее лучшее предложение: {amount} USD',
  },
  noBids: { uz: 'Hali taklif yo‘q', en: 'No bids yet', ru: 'Предложений пока нет' },
  closes: {
    uz: 'Takliflar {at} gacha (Toshkent vaqti)',
    en: 'Bidding closes {at} (Tashkent time)',
    ru: 'Приём предложений до {at} (по Ташкенту)',
  },
  closed: { uz: 'Takliflar qabul qilish yakunlandi', en: 'Bidding has closed', ru: 'Приём предложений завершён' },
  awarded: { uz: 'G‘olib tanlandi', en: 'A winner has been chosen', ru: 'Победитель выбран' },
  verified: { uz: '✅ Tasdiqlangan buyurtmachi', en: '✅ Verified shipper', ru: '✅ Проверенный заказчик' },
  unverified: { uz: 'Buyurtmachi tasdiqlanmagan', en: 'Shipper not verified', ru: 'Заказчик не проверен' },
  open: { uz: 'Tenderni ochish', en: 'Open the tender', ru: 'Открыть тендер' },
} as const satisfies Record<string, Localized>;

const weightText = (kg: number) => formatUsd(Math.round(kg * 100)).replace(/\.00$/, '');

/** What changes a post: its status, the minimum and the close (a soft close moves it). */
export function postFingerprint(
  tender: Pick<PostedTender, 'status' | 'current_min_bid_cents' | 'closes_at_ms'>,
): string {
  return `${tender.status}|${tender.current_min_bid_cents ?? ''}|${tender.closes_at_ms}`;
}

/** The post's text: the route first, then cargo, dates, prices, the close (or the outcome) and the owner's mark. */
export function postText(tender: PostedTender, lang: Language): string {
  const t = (key: keyof typeof TEXTS, params: Record<string, string> = {}) => interpolate(TEXTS[key][lang], params);
  const state =
    tender.status === 'opened'
      ? t('closes', { at: formatMarketTime(tender.closes_at_ms) })
      : tender.status === 'awarded'
        ? `🏁 ${t('awarded')}`
        : `⏹ ${t('closed')}`;
  return [
    `${tender.origin_location} → ${tender.destination_location}`,
    '',
    t('cargo', { cargo: tender.cargo_type, weight: weightText(tender.cargo_weight) }),
    t('dates', { from: formatMarketDay(tender.shipment_date), to: formatMarketDay(tender.delivery_date) }),
    t('start', { amount: formatUsd(tender.initial_price_cents) }),
    tender.current_min_bid_cents === null
      ? t('noBids')
      : t('minimum', { amount: formatUsd(tender.current_min_bid_cents) }),
    state,
    tender.verified ? t('verified') : t('unverified'),
    tender.number,
  ].join('\n');
}

export const openButtonText = (lang: Language) => TEXTS.open[lang];

/**
 * The link that opens the tender in the Mini App: https://t.me/<bot>/<app>?startapp=tender-<id> for a Mini App
 * registered under a short name, else the bot's main Mini App (https://t.me/<bot>?startapp=…). A channel takes
 * only url buttons (web_app buttons are for the bot's private chats).
 */
export function miniAppLink(botUsername: string, appName: string | undefined, tenderId: number): string {
  const start = `startapp=${tenderStartParam(tenderId)}`;
  return appName ? `https://t.me/${botUsername}/${appName}?${start}` : `https://t.me/${botUsername}?${start}`;
}
