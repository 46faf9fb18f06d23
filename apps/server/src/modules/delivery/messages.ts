import {
  interpolate,
  renderNotification,
  webRoutes,
  type Language,
  type Localized,
  type NotificationKind,
  type NotificationParams,
} from '@yuk/shared';

/** The texts of the messages outside the app, in the three languages. */
const TEXTS = {
  open: { uz: 'Ochish', en: 'Open', ru: 'Открыть' },
  openApp: { uz: 'Yuk Tenderni ochish', en: 'Open Yuk Tender', ru: 'Открыть Yuk Tender' },
  footer: {
    uz: 'Bu xabar Yuk Tender bildirishnomalar sozlamalaringizga ko‘ra yuborildi. Ularni bu yerda o‘zgartiring:',
    en: 'You receive this because of your Yuk Tender notification settings. Change them here:',
    ru: 'Вы получили это письмо по настройкам уведомлений Yuk Tender. Изменить их можно здесь:',
  },
  linked: {
    uz: 'Telegram Yuk Tender hisobingizga ulandi. Bildirishnomalar shu yerga keladi. Toʻxtatish uchun /stop yuboring.',
    en: 'Telegram is now linked to your Yuk Tender account. Notifications will arrive here. Send /stop to end them.',
    ru: 'Telegram подключён к вашему аккаунту Yuk Tender. Уведомления будут приходить сюда. Чтобы отключить, отправьте /stop.',
  },
  unlinked: {
    uz: 'Telegram hisobingizdan uzildi: boshqa xabar yuborilmaydi.',
    en: 'Telegram is unlinked from your account: no more messages will be sent.',
    ru: 'Telegram отключён от вашего аккаунта: сообщения больше не придут.',
  },
  linkExpired: {
    uz: 'Havola yaroqsiz yoki muddati tugagan. Sozlamalar sahifasida yangisini oling.',
    en: 'This link is invalid or has expired. Get a new one on the settings page.',
    ru: 'Ссылка недействительна или устарела. Получите новую на странице настроек.',
  },
  help: {
    uz: 'Yuk Tender boti. Hisobingizni ulash uchun sozlamalar sahifasidagi havolani oching; toʻxtatish uchun /stop.',
    en: 'The Yuk Tender bot. To link your account, open the link on the settings page; send /stop to end messages.',
    ru: 'Бот Yuk Tender. Чтобы подключить аккаунт, откройте ссылку со страницы настроек; /stop отключает сообщения.',
  },
} as const satisfies Record<string, Localized>;

export type BotReply = 'linked' | 'unlinked' | 'linkExpired' | 'help';

export function botReply(reply: BotReply, lang: Language): string {
  return TEXTS[reply][lang];
}

/** The text of the button under the bot's answers that opens the app in Telegram (the Mini App). */
export const openAppText = (lang: Language) => TEXTS.openApp[lang];

export interface OutsideMessage {
  title: string;
  body: string;
  /** The page the message is about, absolute. */
  url: string;
  openText: string;
}

/** A link of the app made absolute against the public address. */
export function absoluteUrl(publicUrl: string, link: string): string {
  return new URL(link, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

export function renderOutside(
  kind: NotificationKind,
  params: NotificationParams,
  link: string,
  lang: Language,
  publicUrl: string,
): OutsideMessage {
  const { title, body } = renderNotification(kind, params, lang);
  return { title, body, url: absoluteUrl(publicUrl, link), openText: TEXTS.open[lang] };
}

export function telegramText(message: OutsideMessage): string {
  return `${message.title}\n${message.body}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text and HTML of an e-mail, with the way to the settings at the foot. */
export function emailBodies(message: OutsideMessage, lang: Language, publicUrl: string) {
  const settingsUrl = absoluteUrl(publicUrl, webRoutes.notificationSettings);
  const text = `${message.title}\n\n${message.body}\n\n${message.openText}: ${message.url}\n\n-- \n${TEXTS.footer[lang]}\n${settingsUrl}\n`;
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(message.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(message.title)}</h1>
<p style="margin:0 0 16px">${escapeHtml(message.body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(message.url)}" style="background:#1565c0;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(message.openText)}</a></p>
<p style="font-size:12px;color:#616e7c">${escapeHtml(TEXTS.footer[lang])} <a href="${escapeHtml(settingsUrl)}">${escapeHtml(settingsUrl)}</a></p>
</body></html>`;
  return { text, html };
}

/** What the service worker shows. */
export function pushPayload(message: OutsideMessage): string {
  return JSON.stringify({ title: message.title, body: message.body, url: message.url });
}

/** The messages about an account itself, sent to an address (a phone, an e-mail) rather than to a user. */
export const ACCOUNT_MESSAGE_KINDS = ['sms_code', 'password_reset'] as const;
export type AccountMessageKind = (typeof ACCOUNT_MESSAGE_KINDS)[number];

export function isAccountMessageKind(kind: string): kind is AccountMessageKind {
  return (ACCOUNT_MESSAGE_KINDS as readonly string[]).includes(kind);
}

/** Messages to a chat rather than to a user: a tender channel's post, and its edits. */
export const CHAT_MESSAGE_KINDS = ['channel_post', 'channel_edit'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];

export function isChatMessageKind(kind: string): kind is ChatMessageKind {
  return (CHAT_MESSAGE_KINDS as readonly string[]).includes(kind);
}

const ACCOUNT_TEXTS = {
  smsCode: {
    uz: 'Yuk Tender: tasdiqlash kodingiz {code}. U {minutes} daqiqa amal qiladi. Kodni hech kimga aytmang.',
    en: 'Yuk Tender: your code is {code}. It is valid for {minutes} minutes. Do not share it with anyone.',
    ru: 'Yuk Tender: ваш код {code}. Он действует {minutes} мин. Никому его не сообщайте.',
  },
  resetSubject: { uz: 'Parolni tiklash', en: 'Reset your password', ru: 'Сброс пароля' },
  resetBody: {
    uz: 'Yuk Tender hisobingiz parolini tiklash soʻraldi. Havola bir marta, {minutes} daqiqa ishlaydi. Agar buni siz soʻramagan boʻlsangiz, xabarni eʼtiborsiz qoldiring: parolingiz oʻzgarmaydi.',
    en: 'Someone asked to reset the password of your Yuk Tender account. The link works once, for {minutes} minutes. If it was not you, ignore this message: your password stays as it is.',
    ru: 'Запрошен сброс пароля вашего аккаунта Yuk Tender. Ссылка работает один раз в течение {minutes} мин. Если это были не вы, просто проигнорируйте письмо: пароль останется прежним.',
  },
  resetButton: { uz: 'Yangi parol oʻrnatish', en: 'Set a new password', ru: 'Задать новый пароль' },
} as const satisfies Record<string, Localized>;

/**
 * The text of a code SMS. Its last line is the origin-bound form of the WebOTP standard
 * (`@host #code`), so a phone's browser can offer the code itself.
 */
export function smsCodeText(code: string, minutes: number, lang: Language, publicUrl: string): string {
  return `${interpolate(ACCOUNT_TEXTS.smsCode[lang], { code, minutes })}\n\n@${new URL(publicUrl).host} #${code}`;
}

/** The password reset e-mail; the token travels in the link's fragment, which no server or log ever sees. */
export function passwordResetMail(token: string, minutes: number, lang: Language, publicUrl: string) {
  const url = `${absoluteUrl(publicUrl, webRoutes.resetPassword)}#token=${encodeURIComponent(token)}`;
  const subject = ACCOUNT_TEXTS.resetSubject[lang];
  const body = interpolate(ACCOUNT_TEXTS.resetBody[lang], { minutes });
  const button = ACCOUNT_TEXTS.resetButton[lang];
  const text = `${subject}\n\n${body}\n\n${button}: ${url}\n`;
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">${escapeHtml(body)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(url)}" style="background:#1565c0;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:12px;color:#616e7c">${escapeHtml(url)}</p>
</body></html>`;
  return { subject, text, html };
}
