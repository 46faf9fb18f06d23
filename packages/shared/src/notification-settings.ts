import { z } from 'zod';
import { MARKET_OFFSET_MS } from './time.js';
import { LANGUAGES } from './language.js';
import type { NotificationKind } from './notifications.js';

/**
 * Where each kind of event reaches a user: always in the app, and on the outside channels they chose, except
 * during their quiet hours (Tashkent time), when the outside ones wait until the hours end.
 */
export const DELIVERY_EVENTS = [
  'new_tender',
  'bid_received',
  'outbid',
  'won',
  'award_passed',
  'shipment_status',
  'document_expiring',
  'system',
  'messages',
] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];

export const DELIVERY_CHANNELS = ['in_app', 'telegram', 'email', 'push'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** The channels outside the app, which go through the outbox. */
export const OUTSIDE_CHANNELS = ['telegram', 'email', 'push'] as const;
export type OutsideChannel = (typeof OUTSIDE_CHANNELS)[number];

/** The event each notification kind belongs to. */
export const EVENT_OF_KIND: Record<NotificationKind, DeliveryEvent> = {
  tender_matched: 'new_tender',
  bid_received: 'bid_received',
  tender_closed: 'bid_received',
  reserve_not_met: 'bid_received',
  award_confirmed: 'bid_received',
  bought_now: 'bid_received',
  outbid: 'outbid',
  bidding_extended: 'outbid',
  bid_won: 'won',
  award_offered: 'won',
  bid_lost: 'won',
  award_declined: 'award_passed',
  award_no_show: 'award_passed',
  award_unfilled: 'award_passed',
  shipment_moved: 'shipment_status',
  delivery_proof_recorded: 'shipment_status',
  award_signed: 'shipment_status',
  waybill_delivery_asked: 'shipment_status',
  document_expiring: 'document_expiring',
  company_verified: 'system',
  company_rejected: 'system',
  company_suspended: 'system',
  company_unsuspended: 'system',
  telegram_channel_refused: 'system',
  question_asked: 'messages',
  question_answered: 'messages',
  shipment_messages: 'messages',
  company_review_needed: 'system',
  tenders_matched: 'new_tender',
};

/**
 * Until a user chooses: Telegram and push for everything (they only work once linked or allowed), e-mail for
 * what must not be missed.
 */
export const DEFAULT_EVENT_CHANNELS: Record<DeliveryEvent, readonly DeliveryChannel[]> = {
  new_tender: ['in_app', 'telegram', 'push'],
  bid_received: ['in_app', 'telegram', 'push'],
  outbid: ['in_app', 'telegram', 'push'],
  won: ['in_app', 'telegram', 'email', 'push'],
  award_passed: ['in_app', 'telegram', 'email', 'push'],
  shipment_status: ['in_app', 'telegram', 'push'],
  document_expiring: ['in_app', 'telegram', 'email', 'push'],
  system: ['in_app', 'telegram', 'email', 'push'],
  messages: ['in_app', 'telegram', 'email', 'push'],
};

/** HH:MM, 00:00 to 23:59. */
const clockTime = z.string({ error: 'invalid' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'clock_time' });

/** HH:MM → minutes after midnight. */
export function clockMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes after midnight → HH:MM. */
export function clockTimeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * When the quiet hours around an instant end (epoch ms), or null when the instant is outside them. Hours are
 * Tashkent time; start is inside the window and end is not, and a window may run past midnight (22:00–07:00).
 */
export function quietHoursEndMs(nowMs: number, startMinutes: number, endMinutes: number): number | null {
  const local = nowMs + MARKET_OFFSET_MS;
  const dayStart = Math.floor(local / (DAY_MINUTES * MINUTE_MS)) * DAY_MINUTES * MINUTE_MS;
  const minute = Math.floor((local - dayStart) / MINUTE_MS);
  const crossesMidnight = startMinutes > endMinutes;
  const inside = crossesMidnight
    ? minute >= startMinutes || minute < endMinutes
    : minute >= startMinutes && minute < endMinutes;
  if (!inside) return null;
  // the end is today, or tomorrow when the window started today and runs past midnight
  const endDay = crossesMidnight && minute >= startMinutes ? dayStart + DAY_MINUTES * MINUTE_MS : dayStart;
  return endDay + endMinutes * MINUTE_MS - MARKET_OFFSET_MS;
}

export const quietHours = z
  .strictObject({ start: clockTime, end: clockTime }, { error: 'unknown_field' })
  .refine((hours) => hours.start !== hours.end, { error: 'quiet_hours_empty', path: ['end'] })
  .meta({ description: 'Tashkent time; a window past midnight (22:00 to 07:00) is allowed' });
export type QuietHours = z.infer<typeof quietHours>;

const channelList = z
  .array(z.enum(DELIVERY_CHANNELS, { error: 'one_of' }), { error: 'one_of' })
  .max(DELIVERY_CHANNELS.length, { error: 'too_large' })
  // in_app is always on, whether or not it is sent
  .transform((channels) => DELIVERY_CHANNELS.filter((channel) => channel === 'in_app' || channels.includes(channel)));

/** PUT: any part; what is left out stays as it was. */
export const notificationSettingsInput = z
  .strictObject(
    {
      language: z.enum(LANGUAGES, { error: 'one_of' }).optional(),
      events: z
        .strictObject(
          Object.fromEntries(DELIVERY_EVENTS.map((event) => [event, channelList.optional()])) as Record<
            DeliveryEvent,
            z.ZodOptional<typeof channelList>
          >,
          { error: 'unknown_field' },
        )
        .optional(),
      quiet_hours: quietHours.nullable().optional(),
    },
    { error: 'unknown_field' },
  )
  .meta({
    examples: [
      {
        language: 'ru',
        events: { new_tender: ['in_app', 'telegram'], outbid: ['in_app'] },
        quiet_hours: { start: '22:00', end: '07:00' },
      },
    ],
  });
export type NotificationSettingsInput = z.input<typeof notificationSettingsInput>;
export type NotificationSettingsValues = z.output<typeof notificationSettingsInput>;

/** Where an outside message stands: waiting, being sent (claimed), sent, given up on, or with no one to go to. */
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'dead', 'dropped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A message an outside channel never took, after every retry. */
export const failedDelivery = z.object({
  id: z.number().int(),
  channel: z.enum(OUTSIDE_CHANNELS),
  title: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type FailedDelivery = z.infer<typeof failedDelivery>;

export const notificationSettings = z
  .object({
    language: z.enum(LANGUAGES),
    events: z.object(
      Object.fromEntries(DELIVERY_EVENTS.map((event) => [event, z.array(z.enum(DELIVERY_CHANNELS))])) as Record<
        DeliveryEvent,
        z.ZodArray<z.ZodEnum<{ [K in DeliveryChannel]: K }>>
      >,
    ),
    quiet_hours: quietHours.nullable(),
    channels: z.object({
      telegram: z.object({
        /** Whether this server has a bot; without one the channel is off. */
        available: z.boolean(),
        linked: z.boolean(),
      }),
      email: z.object({
        available: z.boolean(),
        address: z.string(),
      }),
      push: z.object({
        available: z.boolean(),
        /** The VAPID public key a browser subscribes with. */
        public_key: z.string().nullable(),
        devices: z.number().int(),
      }),
    }),
    /** Messages given up on after every retry, newest first. */
    failed: z.array(failedDelivery),
  })
  .meta({
    examples: [
      {
        language: 'uz',
        events: DEFAULT_EVENT_CHANNELS,
        quiet_hours: { start: '22:00', end: '07:00' },
        channels: {
          telegram: { available: true, linked: true },
          email: { available: true, address: 'carrier@example.uz' },
          push: { available: true, public_key: 'BMx…', devices: 1 },
        },
        failed: [],
      },
    ],
  });
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const telegramLink = z
  .object({
    /** https://t.me/<bot>?start=<token>: opening it and pressing Start links the chat. */
    url: z.string(),
    expires_at: z.string(),
  })
  .meta({ examples: [{ url: 'https://t.me/YukTenderBot?start=q3J9…', expires_at: '2026-11-24T09:10:00.000Z' }] });
export type TelegramLink = z.infer<typeof telegramLink>;

/** A browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionInput = z
  .object(
    {
      endpoint: z.url({ error: 'invalid' }).max(2048, { error: 'too_long' }),
      expirationTime: z.number().nullable().optional(),
      keys: z.strictObject(
        {
          p256dh: z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, { error: 'invalid' }),
          auth: z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{16,32}={0,2}$/, { error: 'invalid' }),
        },
        { error: 'unknown_field' },
      ),
    },
    { error: 'invalid' },
  )
  .meta({
    examples: [
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/c1KxW3pQ9mZ',
        expirationTime: null,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      },
    ],
  });
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;

export const pushSubscription = z
  .object({ id: z.number().int(), created_at: z.string() })
  .meta({ examples: [{ id: 3, created_at: '2026-11-24T09:00:00.000Z' }] });
