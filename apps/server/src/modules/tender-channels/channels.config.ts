import { MODE_BITS, TENDER_MODES, isTenderMode, type TenderMode } from '@yuk/shared';

/** A channel (@name) or a chat id (-1001234567890 for a channel or supergroup). */
const CHAT = /^(@[A-Za-z][A-Za-z0-9_]{3,31}|-?\d{1,20})$/;

/** Where each mode's tenders are posted: the named modes, then `*` for every mode not named. */
export interface TenderChannelRoute {
  mode: TenderMode | '*';
  chat: string;
}

/**
 * Reads TELEGRAM_CHANNELS: `mode:chat` pairs separated by commas, `*` for every mode not named
 * (`truck:@yuk_truck,plane:@yuk_avia,*:-1001234`). Each mode at most once.
 */
export function parseTenderChannels(text: string | undefined): { routes: TenderChannelRoute[]; errors: string[] } {
  const routes: TenderChannelRoute[] = [];
  const errors: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const pair = part.trim();
    if (!pair) continue;
    const at = pair.indexOf(':');
    const mode = pair.slice(0, at).trim().toLowerCase();
    const chat = pair.slice(at + 1).trim();
    if (at < 1 || !(mode === '*' || isTenderMode(mode)) || !CHAT.test(chat)) {
      errors.push(
        `TELEGRAM_CHANNELS: "${pair}" must be mode:chat, the mode one of ${TENDER_MODES.join(', ')} or *, the chat @name or a chat id`,
      );
      continue;
    }
    if (routes.some((route) => route.mode === mode)) {
      errors.push(`TELEGRAM_CHANNELS: ${mode} is named twice`);
      continue;
    }
    routes.push({ mode: mode, chat });
  }
  return { routes, errors };
}

/**
 * The channel of a tender, by the modes its cargo type names (in the order of TENDER_MODES, so a tender that is
 * both truck and ship goes to the truck channel when both are named); `*` takes the rest, none: not posted.
 */
export function chatForModes(routes: readonly TenderChannelRoute[], modeMask: number): string | undefined {
  for (const mode of TENDER_MODES) {
    if ((modeMask & MODE_BITS[mode]) === 0) continue;
    const route = routes.find((candidate) => candidate.mode === mode);
    if (route) return route.chat;
  }
  return routes.find((route) => route.mode === '*')?.chat;
}

/** The modes posted to each configured chat, in the order they were named. */
export function chatsOf(routes: readonly TenderChannelRoute[]): { chat: string; modes: string[] }[] {
  const chats: { chat: string; modes: string[] }[] = [];
  for (const route of routes) {
    const known = chats.find((entry) => entry.chat === route.chat);
    if (known) known.modes.push(route.mode);
    else chats.push({ chat: route.chat, modes: [route.mode] });
  }
  return chats;
}
