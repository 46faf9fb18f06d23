import { z } from 'zod';
import { PHONE_PREFIX } from './constants.js';

/** A moderator verifies companies and handles reports; everyone else is a user. */
export const USER_ROLES = ['user', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Accepts "+998 90 123-45-67", "998901234567" or "901234567" and gives "+998901234567". */
export function normalizePhone(raw: string): string {
  const digits = raw.replace(/[\s\-()]/g, '');
  if (/^\d{9}$/.test(digits)) return `${PHONE_PREFIX}${digits}`;
  if (/^998\d{9}$/.test(digits)) return `+${digits}`;
  return digits;
}

const requiredText = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

export const emailField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'too_long' })
  .pipe(z.email({ error: 'email' }))
  .transform((email) => email.toLowerCase());

export const phoneField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .transform(normalizePhone)
  .pipe(z.string().regex(/^\+998\d{9}$/, { error: 'phone' }));

/** Passwords are never trimmed or truncated: what the user typed is what is hashed. */
export const passwordField = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .min(PASSWORD_MIN, { error: 'password_short' })
  .max(PASSWORD_MAX, { error: 'password_long' });

export const registerInput = z
  .object({
    first_name: requiredText(100),
    last_name: requiredText(100),
    email: emailField,
    phone_number: phoneField,
    password: passwordField,
  })
  .meta({
    examples: [
      {
        first_name: 'Dilnoza',
        last_name: 'Yusupova',
        email: 'dilnoza@example.uz',
        phone_number: '+998901234567',
        password: 'a-long-secret',
      },
    ],
  });
export type RegisterInput = z.input<typeof registerInput>;

export const loginInput = z
  .object({
    email: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
    password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024, { error: 'too_long' }),
  })
  .meta({ examples: [{ email: 'dilnoza@example.uz', password: 'a-long-secret' }] });
export type LoginInput = z.input<typeof loginInput>;

// Optional: the web client sends no body and relies on the HttpOnly cookie.
export const refreshInput = z.object({ refreshToken: z.string().min(1).max(4096).optional() }).nullish();
export type RefreshInput = z.input<typeof refreshInput>;

export const user = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    phone_verified: z.boolean().describe('whether the phone was proven with an SMS code (and so signs in by SMS)'),
    created_at: z.string(),
    role: z.enum(USER_ROLES).describe('moderator: may use the moderation console'),
  })
  .meta({
    examples: [
      {
        id: 7,
        first_name: 'Dilnoza',
        last_name: 'Yusupova',
        email: 'dilnoza@example.uz',
        phone_number: '+998901234567',
        phone_verified: true,
        created_at: '2026-11-24T09:00:00.000Z',
        role: 'user',
      },
    ],
  });
export type User = z.infer<typeof user>;

export const authTokens = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    user,
  })
  .meta({
    examples: [
      {
        accessToken: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.signature',
        refreshToken: 'rt_3f9a2c…',
        user: {
          id: 7,
          first_name: 'Dilnoza',
          last_name: 'Yusupova',
          email: 'dilnoza@example.uz',
          phone_number: '+998901234567',
          phone_verified: true,
          created_at: '2026-11-24T09:00:00.000Z',
          role: 'user',
        },
      },
    ],
  });
export type AuthTokens = z.infer<typeof authTokens>;

// ---- Signing in by SMS code, proving a phone, and recovering a password ----

export const SMS_CODE_LENGTH = 6;
/** A code lives this long. */
export const SMS_CODE_TTL_SECONDS = 5 * 60;
/** Wrong tries a code survives; the next wrong one kills it. */
export const SMS_CODE_MAX_WRONG = 5;
/** The least wait between two codes for one phone. */
export const SMS_RESEND_SECONDS = 60;
/** Codes per phone, and per client address, in any 24 hours. */
export const SMS_CODES_PER_PHONE_DAY = 10;
export const SMS_CODES_PER_ADDRESS_DAY = 30;
/** A password reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const smsCodeField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), { error: 'sms_code' });

export const smsSendInput = z.object({ phone: phoneField }).meta({ examples: [{ phone: '+998901234567' }] });
export type SmsSendInput = z.input<typeof smsSendInput>;

export const smsSent = z
  .object({
    expiresInSeconds: z.number().int().describe('how long the code lives'),
    resendInSeconds: z.number().int().describe('the wait before another code may be asked for'),
  })
  .meta({ examples: [{ expiresInSeconds: SMS_CODE_TTL_SECONDS, resendInSeconds: SMS_RESEND_SECONDS }] });
export type SmsSent = z.infer<typeof smsSent>;

export const smsVerifyInput = z
  .object({ phone: phoneField, code: smsCodeField })
  .meta({ examples: [{ phone: '+998901234567', code: '482913' }] });
export type SmsVerifyInput = z.input<typeof smsVerifyInput>;

export const passwordResetInput = z.object({ email: emailField }).meta({ examples: [{ email: 'dilnoza@example.uz' }] });
export type PasswordResetInput = z.input<typeof passwordResetInput>;

export const passwordResetConfirmInput = z
  .object({
    token: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
    password: passwordField,
  })
  .meta({ examples: [{ token: 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0', password: 'a-new-long-secret' }] });
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

// ---- The user's own sessions (GET /api/users/me/sessions) ----

export const userSession = z
  .object({
    id: z.string().describe('The session id'),
    created_at: z.string().describe('When it was signed in (UTC)'),
    last_used_at: z.string().describe('When its tokens were last renewed (about every 15 minutes while in use)'),
    ip: z.string().nullable().describe('The address it was last used from'),
    user_agent: z.string().nullable(),
    browser: z.string().nullable().describe('Read from the user agent, e.g. Chrome 131'),
    os: z.string().nullable().describe('Read from the user agent, e.g. Android 14'),
    current: z.boolean().describe('true for the session of this request'),
  })
  .meta({
    examples: [
      {
        id: '0b6f3c1e-7a52-4c1f-9d0e-2f4a8b1c5d6e',
        created_at: '2026-11-24T09:00:00.000Z',
        last_used_at: '2026-11-24T10:15:00.000Z',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
        browser: 'Chrome 131',
        os: 'Android 14',
        current: true,
      },
    ],
  });
export type UserSession = z.infer<typeof userSession>;

/** `:id` of a session in a path: a UUID. */
export const sessionIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'invalid' }),
});

export const signedOutSessions = z
  .object({ signed_out: z.number().int().describe('How many sessions ended') })
  .meta({ examples: [{ signed_out: 2 }] });
export type SignedOutSessions = z.infer<typeof signedOutSessions>;
