import type { Generated } from 'kysely';

/** The SMS codes sent; the code itself is kept only as an HMAC under the server's secret. */
export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  /** The client that asked for it (for the daily cap per address). */
  client_address: string;
  created_at_ms: number;
  expires_at_ms: number;
  wrong_tries: Generated<number>;
  used_at_ms: number | null;
}

/** Password reset links; the token is kept only as its SHA-256. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at_ms: number;
  expires_at_ms: number;
  used_at_ms: number | null;
}

export interface AuthTables {
  sms_codes: SmsCodesTable;
  password_resets: PasswordResetsTable;
}
