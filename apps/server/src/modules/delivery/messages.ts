import {
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
