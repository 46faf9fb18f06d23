import type { ErrorCode } from '@yuk/shared';

/** The one error type of the server: a stable code (status and text come from the shared catalogue). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    /** Field name → key of FIELD_MESSAGES (or a ready text). */
    readonly fields?: Record<string, string>,
    /** A 429's wait, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'AppError';
  }
}
