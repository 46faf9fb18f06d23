import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryChannels } from '../outbox.js';
import { createEmailChannel, type EmailConfig } from './email.js';
import { createPushChannel, type PushConfig } from './push.js';
import { createSmsChannel, type SmsConfig } from './sms.js';
import { createTelegramChannel, type TelegramConfig } from './telegram.js';

export interface DeliveryOptions {
  /** The app's public address (links in messages, the webhook). */
  publicUrl: string;
  telegram?: TelegramConfig;
  /** Where Telegram is told to post updates; set at start when given. */
  telegramWebhookUrl?: string | undefined;
  email?: EmailConfig;
  push?: PushConfig;
  /** The console provider (the log) when absent. */
  sms?: SmsConfig;
}

export const TELEGRAM_API_DEFAULT = 'https://api.telegram.org';
/** The push services of the browsers in use (Chrome, Edge, Firefox, Safari). */
export const PUSH_SERVICES_DEFAULT = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
  'https://*.push.apple.com',
];

/** One small client per outside service, each off (or writing to the log) when it is not configured. */
export function createDeliveryChannels(options: DeliveryOptions, log: FastifyBaseLogger): DeliveryChannels {
  return {
    publicUrl: options.publicUrl,
    telegram: createTelegramChannel(options.telegram ?? { apiBase: TELEGRAM_API_DEFAULT }),
    email: createEmailChannel(options.email ?? { from: 'Yuk Tender <no-reply@localhost>' }, log),
    push: createPushChannel(options.push ?? { subject: 'mailto:no-reply@localhost', services: PUSH_SERVICES_DEFAULT }),
    sms: createSmsChannel(options.sms ?? { provider: 'console' }, log),
  };
}

export { generateVapidKeys, type VapidKeys } from './push.js';
export { ESKIZ_API_DEFAULT, SMS_PROVIDERS, type SmsConfig, type SmsProvider } from './sms.js';
