import { SEND_TIMEOUT_MS, errorText, type SendOutcome } from './channel.js';

export const SMS_PROVIDERS = ['console', 'eskiz'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export interface SmsConfig {
  /** console (default: the text goes to the server log) or eskiz. */
  provider: SmsProvider;
  eskiz?: {
    email: string;
    password: string;
    /** https://notify.eskiz.uz/api unless another is given (tests use a local one). */
    apiBase: string;
    /** The sender name or short number approved for the account (4546 is Eskiz's own). */
    from: string;
  };
}

export interface SmsChannel {
  readonly provider: SmsProvider;
  /** `phone` as +998XXXXXXXXX. */
  send(phone: string, text: string): Promise<SendOutcome>;
}

export const ESKIZ_API_DEFAULT = 'https://notify.eskiz.uz/api';

interface EskizAnswer {
  message?: unknown;
  status?: unknown;
  id?: unknown;
  data?: { token?: unknown };
}

/** The SMS provider chosen by SMS_PROVIDER; the console one needs nothing, so a fresh machine works. */
export function createSmsChannel(config: SmsConfig, log: { info(obj: object, msg: string): void }): SmsChannel {
  if (config.provider === 'eskiz' && config.eskiz) return createEskizChannel(config.eskiz);
  return {
    provider: 'console',
    async send(phone, text) {
      log.info({ phone, text }, 'SMS (console provider)');
      return { ok: true };
    },
  };
}

/**
 * Eskiz.uz's HTTP API: a bearer token from POST /auth/login (e-mail and password, form fields), then POST
 * /message/sms/send (mobile_phone without the +, message, from). The token lasts about a month; when Eskiz
 * answers 401 "token-invalid" the channel logs in again and sends once more.
 */
function createEskizChannel(config: NonNullable<SmsConfig['eskiz']>): SmsChannel {
  const base = config.apiBase.replace(/\/$/, '');
  let token: string | undefined;
  /** One login at a time: parallel sends that all find the token stale wait for the same login. */
  let loggingIn: Promise<string> | undefined;

  async function call(path: string, form: Record<string, string>, bearer?: string) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    let answer: EskizAnswer = {};
    try {
      answer = (await response.json()) as EskizAnswer;
    } catch {
      // not JSON (a proxy's error page): the status alone says what happened
    }
    return { status: response.status, answer, retryAfter: response.headers.get('retry-after') };
  }

  function logIn(): Promise<string> {
    loggingIn ??= (async () => {
      try {
        const { status, answer } = await call('/auth/login', { email: config.email, password: config.password });
        const fresh = answer.data?.token;
        if (status !== 200 || typeof fresh !== 'string') {
          throw new EskizLoginError(`login ${status} ${typeof answer.message === 'string' ? answer.message : ''}`);
        }
        token = fresh;
        return fresh;
      } finally {
        loggingIn = undefined;
      }
    })();
    return loggingIn;
  }

  async function sendWith(bearer: string, phone: string, text: string) {
    return call(
      '/message/sms/send',
      { mobile_phone: phone.replace(/^\+/, ''), message: text, from: config.from },
      bearer,
    );
  }

  return {
    provider: 'eskiz',
    async send(phone, text) {
      try {
        let sent = await sendWith(token ?? (await logIn()), phone, text);
        if (sent.status === 401) sent = await sendWith(await logIn(), phone, text);
        const { status, answer } = sent;
        const said = typeof answer.message === 'string' ? answer.message : '';
        if (status === 200 || status === 201) return { ok: true };
        const error = `${status} ${said}`.trim();
        if (status === 429) {
          const seconds = Number(sent.retryAfter);
          return { ok: false, kind: 'retry', error, ...(seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}) };
        }
        // a bad number, a text not approved, no balance: the same message will not pass later either
        if (status >= 400 && status < 500 && status !== 401 && status !== 408)
          return { ok: false, kind: 'refused', error };
        return { ok: false, kind: 'retry', error };
      } catch (error) {
        // wrong credentials are a setting to fix, not a reason to drop the message: it is tried again later
        return { ok: false, kind: 'retry', error: errorText(error) };
      }
    },
  };
}

class EskizLoginError extends Error {
  override name = 'EskizLoginError';
}
