import type { ErrorCode } from '@yuk/shared';

/** What an error carries besides its code; every part is optional. */
export interface AppErrorOptions {
  /** Values filled into the catalogue's text, e.g. `{ minutes }`. */
  params?: Record<string, string | number>;
  /** Field name → key of FIELD_MESSAGES (or a ready text). */
  fields?: Record<string, string>;
  /** A 429's wait, sent as Retry-After. */
  retryAfterSeconds?: number;
}

/** The one error type of the server: a stable code (status and text come from the shared catalogue). */
export class AppError extends Error {
  readonly params: Record<string, string | number>;
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.params = options.params ?? {};
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
