import { z } from 'zod';

/**
 * Trading inside Telegram: the Mini App's sign-in and linking by the launch's init data, the start parameter
 * that opens a tender, and the moderators' view of the tender channels.
 */

/** Telegram's init data is a short query string (a user, a chat, the dates and two signatures). */
export const TELEGRAM_INIT_DATA_MAX = 4096;
/** Init data older than this is refused (TELEGRAM_AUTH_EXPIRED). */
export const TELEGRAM_INIT_DATA_TTL_SECONDS = 24 * 60 * 60;

/** POST /api/auth/telegram and POST /api/users/me/telegram: the raw initData string, as Telegram gave it. */
export const telegramInitDataInput = z
  .object({
    init_data: z
      .string()
      .min(1)
      .max(TELEGRAM_INIT_DATA_MAX)
      .describe('The launch’s raw init data (tgWebAppData), unchanged: the query string Telegram signed'),
  })
  .meta({
    examples: [
      {
        init_data:
          'auth_date=1795680000&query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Aziz%22%7D&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2',
      },
    ],
  });
export type TelegramInitDataInput = z.infer<typeof telegramInitDataInput>;

/** The Telegram user a Mini App launch named, once linked to my account. */
export const telegramAccount = z
  .object({
    telegram_user_id: z.string().describe('Telegram’s id of the user (also their private chat with the bot)'),
    first_name: z.string(),
    username: z.string().nullable(),
  })
  .meta({ examples: [{ telegram_user_id: '279058397', first_name: 'Aziz', username: 'aziz_cargo' }] });
export type TelegramAccount = z.infer<typeof telegramAccount>;

/** The Mini App's start parameter that opens a tender: `tender-<id>`. */
export const TENDER_START_PREFIX = 'tender-';

export function tenderStartParam(tenderId: number): string {
  return `${TENDER_START_PREFIX}${tenderId}`;
}

/** The tender a start parameter names, or null. */
export function tenderIdOfStartParam(param: string | null | undefined): number | null {
  const match = /^tender-(\d{1,15})$/.exec(param ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// ---------------------------------------------------------------------------------------------------
// GET /api/admin/telegram-channels

const channelFailure = z.object({
  tender_id: z.number().int(),
  tender_number: z.string(),
  kind: z.enum(['post', 'edit']),
  error: z.string().nullable(),
  attempts: z.number().int(),
  at: z.string().describe('When the message was queued (UTC)'),
});

export const telegramChannelStatus = z.object({
  chat: z.string().describe('The channel as configured: @name or a numeric chat id'),
  modes: z.array(z.string()).describe('The modes posted there; * for every mode not named elsewhere'),
  posts: z.number().int().describe('Tender posts made there'),
  last_post: z
    .object({
      tender_id: z.number().int(),
      tender_number: z.string(),
      message_id: z.number().int(),
      posted_at: z.string(),
      edited_at: z.string().nullable(),
    })
    .nullable(),
  refused: z
    .object({ at: z.string(), error: z.string() })
    .nullable()
    .describe(
      'The channel refuses the bot (403: it is not an admin there) since then; cleared by the next post that goes',
    ),
  failures: z.array(channelFailure).describe('The latest posts and edits given up on, newest first'),
});
export type TelegramChannelStatus = z.infer<typeof telegramChannelStatus>;

export const telegramChannelsReport = z
  .object({
    enabled: z.boolean().describe('Whether a bot is configured (without one nothing is posted)'),
    channels: z.array(telegramChannelStatus),
  })
  .meta({
    examples: [
      {
        enabled: true,
        channels: [
          {
            chat: '@yuk_truck',
            modes: ['truck'],
            posts: 412,
            last_post: {
              tender_id: 1042,
              tender_number: 'YT-001042',
              message_id: 8812,
              posted_at: '2026-11-26T09:15:02.000Z',
              edited_at: '2026-11-26T09:41:00.000Z',
            },
            refused: null,
            failures: [],
          },
        ],
      },
    ],
  });
export type TelegramChannelsReport = z.infer<typeof telegramChannelsReport>;
