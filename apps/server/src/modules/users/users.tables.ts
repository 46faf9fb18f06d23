import type { Generated, Selectable } from 'kysely';
import type { Language, UserRole } from '@yuk/shared';

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  created_at: string;
  /** user | moderator */
  role: Generated<UserRole>;
  /** The language of the messages sent outside the app (uz | en | ru). */
  language: Generated<Language>;
  /** When the phone was proven with an SMS code; a proven number belongs to this account only. */
  phone_verified_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** Where it was last used from (its sign-in, then each renewal of its tokens); null before migration 018. */
  ip: string | null;
  user_agent: string | null;
  last_used_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

export interface UsersTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}

export type UserRow = Selectable<UsersTable>;
