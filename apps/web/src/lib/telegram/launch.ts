/**
 * A launch inside Telegram: the parameters Telegram passes in the URL fragment (tgWebAppData, tgWebAppThemeParams,
 * tgWebAppStartParam, …). Read once at start and kept for the tab's life, as the fragment is gone after the first
 * navigation. No Telegram code is loaded for this: a visit outside Telegram pays nothing.
 */
export interface TelegramLaunch {
  /** The raw init data, exactly as signed (the server checks it). */
  initData: string;
  startParam: string | null;
  theme: Record<string, string>;
  platform: string;
}

const STORAGE_KEY = 'yuk.telegram-launch';
let launch: TelegramLaunch | null | undefined;

function readStored(): TelegramLaunch | null {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as TelegramLaunch) : null;
  } catch {
    return null;
  }
}

function readTheme(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== 'object') return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && /^#[0-9a-f]{3,8}$/i.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** Reads the launch from a URL fragment (`#tgWebAppData=…&tgWebAppVersion=…`); null when it is not one. */
export function parseLaunch(hash: string): TelegramLaunch | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const initData = params.get('tgWebAppData');
  if (!initData) return null;
  const startParam = params.get('tgWebAppStartParam') ?? new URLSearchParams(initData).get('start_param');
  return {
    initData,
    startParam: startParam || null,
    theme: readTheme(params.get('tgWebAppThemeParams')),
    platform: params.get('tgWebAppPlatform') ?? 'unknown',
  };
}

/** The launch of this tab inside Telegram, or null outside Telegram. */
export function telegramLaunch(): TelegramLaunch | null {
  if (launch !== undefined) return launch;
  launch = parseLaunch(window.location.hash) ?? readStored();
  if (launch) {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(launch));
    } catch {
      // storage unavailable: the launch lasts while the page is open
    }
  }
  return launch;
}

/** The app runs inside Telegram. */
export const inTelegram = () => telegramLaunch() !== null;

/** Forgets the start parameter once it has been followed, so a reload does not follow it again. */
export function spendStartParam(): string | null {
  const current = telegramLaunch();
  if (!current?.startParam) return null;
  const { startParam } = current;
  launch = { ...current, startParam: null };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(launch));
  } catch {
    // nothing kept, nothing to forget
  }
  return startParam;
}

const THEME_VARIABLES: Record<string, string> = {
  bg_color: '--tg-bg',
  secondary_bg_color: '--tg-secondary-bg',
  section_bg_color: '--tg-section-bg',
  text_color: '--tg-text',
  hint_color: '--tg-hint',
  link_color: '--tg-link',
  button_color: '--tg-button',
  button_text_color: '--tg-button-text',
  accent_text_color: '--tg-accent',
  destructive_text_color: '--tg-destructive',
};

/** Whether a #rrggbb colour is light (so the page is drawn in Telegram's light theme). */
function isLight(color: string | undefined): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color ?? '');
  if (!match) return false;
  const [r, g, b] = match.slice(1).map((hex) => parseInt(hex, 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5;
}

/** Telegram's theme on the page: its colours as CSS variables, the page light or dark as Telegram is. */
export function applyTelegramTheme(theme: Record<string, string>): void {
  const root = document.documentElement;
  for (const [key, variable] of Object.entries(THEME_VARIABLES)) {
    const color = theme[key];
    if (color) root.style.setProperty(variable, color);
  }
  const scheme = isLight(theme.bg_color) ? 'light' : 'dark';
  root.dataset.telegram = scheme;
  root.style.colorScheme = scheme;
}

/** The height Telegram gives the page (its own bars excluded): the page's one scroll area fits it. */
export function applyTelegramViewport(height: number, stableHeight: number): void {
  const root = document.documentElement;
  root.style.setProperty('--tg-viewport-height', `${height}px`);
  root.style.setProperty('--tg-viewport-stable-height', `${stableHeight}px`);
}

const LINK_PENDING_KEY = 'yuk.telegram-link-pending';

/** The launch's Telegram user is linked to no account: the next sign-in in this tab links it. */
export function markLinkPending(pending: boolean): void {
  try {
    if (pending) sessionStorage.setItem(LINK_PENDING_KEY, '1');
    else sessionStorage.removeItem(LINK_PENDING_KEY);
  } catch {
    // storage unavailable: no link on the spot
  }
}

export function isLinkPending(): boolean {
  try {
    return sessionStorage.getItem(LINK_PENDING_KEY) === '1';
  } catch {
    return false;
  }
}
