import { apiPaths, QUOTA_NAMES, type QuotaName } from '@yuk/shared';

/** Whose attempts a quota counts: the signed-in user's, their company's, or (public calls) the client address's. */
export type QuotaSubject = 'user' | 'company' | 'address';

/** A write route as Fastify registers it: the method and the pattern from `apiPaths`. */
export interface QuotaRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
}

/** At most `max` in each fixed window of `seconds` (a whole-day window runs from Tashkent midnight). */
export interface QuotaWindow {
  seconds: number;
  max: number;
}

export interface QuotaRule {
  routes: readonly QuotaRoute[];
  per: readonly QuotaSubject[];
  /** What an attempt adds: 1, or the bytes of its body. */
  measure: 'requests' | 'bytes';
  /** No window: the quota is off. */
  windows: readonly QuotaWindow[];
}

export type QuotaTable = Readonly<Record<QuotaName, QuotaRule>>;

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const MIB = 1024 * 1024;

const post = (url: string): QuotaRoute => ({ method: 'POST', url });
const put = (url: string): QuotaRoute => ({ method: 'PUT', url });
const userAndCompany = ['user', 'company'] as const;

/** Every route that takes files: the count and the bytes of uploads are counted on all of them together. */
const UPLOAD_ROUTES = [
  post(apiPaths.vehicles.collection),
  put(apiPaths.vehicles.one),
  put(apiPaths.companies.mine),
  post(apiPaths.shipments.proof),
  post(apiPaths.tenders.import),
];

/**
 * The one table of limits: far above what a real shipper or carrier does in a day, met at once by a script.
 * Each is replaced by its QUOTA_<NAME> setting (see quotaTableFromEnv). The phone and address caps of the
 * auth module (SMS_CODES_PER_PHONE_DAY …) stay as they are: these only add a cap on attempts per address.
 */
export const DEFAULT_QUOTAS: QuotaTable = {
  tenders: {
    routes: [post(apiPaths.tenders.collection)],
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: HOUR, max: 30 },
      { seconds: DAY, max: 200 },
    ],
  },
  bids: {
    routes: [post(apiPaths.tenders.bids), post(apiPaths.tenders.buyNow)],
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: MINUTE, max: 60 },
      { seconds: DAY, max: 2000 },
    ],
  },
  uploads: {
    routes: UPLOAD_ROUTES,
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: HOUR, max: 60 },
      { seconds: DAY, max: 200 },
    ],
  },
  uploadBytes: {
    routes: UPLOAD_ROUTES,
    per: userAndCompany,
    measure: 'bytes',
    windows: [{ seconds: DAY, max: 200 * MIB }],
  },
  reports: {
    routes: [post(apiPaths.reports.collection)],
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: HOUR, max: 20 },
      { seconds: DAY, max: 50 },
    ],
  },
  savedSearches: {
    routes: [post(apiPaths.savedSearches.collection)],
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: HOUR, max: 30 },
      { seconds: DAY, max: 100 },
    ],
  },
  shareLinks: {
    routes: [post(apiPaths.shipments.share)],
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: HOUR, max: 30 },
      { seconds: DAY, max: 100 },
    ],
  },
  smsCodes: {
    routes: [post(apiPaths.auth.smsSend)],
    per: ['address'],
    measure: 'requests',
    windows: [
      { seconds: HOUR, max: 50 },
      { seconds: DAY, max: 200 },
    ],
  },
  passwordResets: {
    routes: [post(apiPaths.auth.passwordReset)],
    per: ['address'],
    measure: 'requests',
    windows: [
      { seconds: HOUR, max: 20 },
      { seconds: DAY, max: 100 },
    ],
  },
  // a conversation is typed by a person: a line every two seconds for a minute, a long day's talk
  messages: {
    routes: [post(apiPaths.shipments.messages)],
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: MINUTE, max: 30 },
      { seconds: DAY, max: 2000 },
    ],
  },
  questions: {
    routes: [post(apiPaths.tenders.questions), post(apiPaths.tenders.answer)],
    per: userAndCompany,
    measure: 'requests',
    windows: [
      { seconds: MINUTE, max: 10 },
      { seconds: DAY, max: 300 },
    ],
  },
};

/** The setting of a quota: tenders → QUOTA_TENDERS, uploadBytes → QUOTA_UPLOAD_BYTES. */
export function quotaSettingName(name: QuotaName): string {
  return `QUOTA_${name.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: MINUTE, h: HOUR, d: DAY };
const BYTE_UNITS: Record<string, number> = { B: 1, KB: 1024, MB: MIB, GB: 1024 * MIB };
/** The longest window: a counter lives no longer than this. */
const MAX_WINDOW_SECONDS = 31 * DAY;
const MAX_COUNT = 1_000_000_000;
const MAX_BYTES = 1024 * 1024 * MIB;

/**
 * One quota's setting: `off`, or comma-separated limits COUNT/WINDOW, e.g. `30/h,200/d`, `60/m`, `5/10m`;
 * for bytes the count has a unit: `200MB/d` (KB, MB, GB are powers of 1024). Strict: anything else, a
 * repeated window or a window over 31 days is an error, returned as a sentence for the start-up message.
 */
export function parseQuotaSetting(text: string, measure: QuotaRule['measure']): QuotaWindow[] | string {
  const value = text.trim();
  if (value === 'off') return [];
  const example = measure === 'bytes' ? '200MB/d' : '30/h,200/d';
  const windows: QuotaWindow[] = [];
  for (const part of value.split(',')) {
    const item = part.trim();
    const match =
      measure === 'bytes'
        ? /^(\d{1,13})(B|KB|MB|GB)\/(\d{0,6})([smhd])$/.exec(item)
        : /^(\d{1,10})()\/(\d{0,6})([smhd])$/.exec(item);
    if (!match)
      return `"${item}" is not ${measure === 'bytes' ? 'SIZE/WINDOW' : 'COUNT/WINDOW'} (e.g. ${example}, or off)`;
    const [, amount = '', byteUnit = '', length = '', unit = ''] = match;
    const max = Number(amount) * (measure === 'bytes' ? (BYTE_UNITS[byteUnit] ?? 1) : 1);
    const seconds = (length === '' ? 1 : Number(length)) * (UNIT_SECONDS[unit] ?? 1);
    if (max < 1) return `"${item}": the limit must be at least 1`;
    if (max > (measure === 'bytes' ? MAX_BYTES : MAX_COUNT)) return `"${item}": the limit is too large`;
    if (seconds < 1 || seconds > MAX_WINDOW_SECONDS) return `"${item}": a window is 1 second to 31 days`;
    if (windows.some((window) => window.seconds === seconds)) return `"${item}": that window is given twice`;
    windows.push({ seconds, max });
  }
  return windows.sort((a, b) => a.seconds - b.seconds);
}

/** The table with each QUOTA_<NAME> of `env` in place of its default; the errors, one line each, when any is bad. */
export function quotaTableFromEnv(
  env: Record<string, string | undefined>,
  defaults: QuotaTable = DEFAULT_QUOTAS,
): { table: QuotaTable; errors: string[] } {
  const errors: string[] = [];
  const table = { ...defaults };
  for (const name of QUOTA_NAMES) {
    const setting = quotaSettingName(name);
    const text = env[setting];
    if (text === undefined || text === '') continue;
    const parsed = parseQuotaSetting(text, defaults[name].measure);
    if (typeof parsed === 'string') errors.push(`${setting}: ${parsed}`);
    else table[name] = { ...defaults[name], windows: parsed };
  }
  return { table, errors };
}

/** The same table with every limit `factor` times higher (a test suite that writes far faster than a person). */
export function scaleQuotas(table: QuotaTable, factor: number): QuotaTable {
  const scaled = { ...table };
  for (const name of QUOTA_NAMES) {
    scaled[name] = {
      ...table[name],
      windows: table[name].windows.map((window) => ({ ...window, max: window.max * factor })),
    };
  }
  return scaled;
}
