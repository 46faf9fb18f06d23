import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** What a request's logger needs of the server's: pino's level check beside Fastify's logger. */
type ServerLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes a child of the server's (its request id bound) only when a line is written
 * at a level that is on. Fastify makes a child per request, and pino builds the child's bindings and
 * redaction at once: a cost every request paid even when no request line is written (LOG_LEVEL=warn, where
 * a bid logs nothing). A line that is written reads exactly as the eager child's would.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly server: ServerLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private childNow(): FastifyBaseLogger {
    this.made ??= this.server.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: Level, args: unknown[]): void {
    const logger = this.made ?? (this.server.isLevelEnabled(level) ? this.childNow() : undefined);
    // pino's overloads (object first, or message first) are passed through as they came
    logger?.[level](...(args as Parameters<LogFn>));
  }

  get level(): string {
    return this.made?.level ?? this.server.level;
  }

  set level(level: string) {
    this.childNow().level = level;
  }

  // methods on the prototype, not arrow fields: a request's logger is one small object
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.childNow().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request logger made on first use. A route with its own level or
 * serializers gets its child at once (its level is what decides which lines are on).
 */
export function lazyRequestLogger(
  server: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const pino = server as ServerLogger;
  if (options.level !== undefined || options.serializers !== undefined || typeof pino.isLevelEnabled !== 'function')
    return server.child(bindings, options);
  return new RequestLogger(pino, bindings, options);
}
