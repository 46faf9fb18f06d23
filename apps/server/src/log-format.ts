/** How log lines are written: JSON for machines and log collectors, or one readable line per event. */
export type LogFormat = 'json' | 'pretty';

/** LOG_FORMAT when set; otherwise readable on a terminal and JSON everywhere else (pipes, files, services). */
export function resolveLogFormat(requested: LogFormat | undefined, stdoutIsTTY: boolean): LogFormat {
  return requested ?? (stdoutIsTTY ? 'pretty' : 'json');
}

interface LogEntry {
  msg?: unknown;
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
  [key: string]: unknown;
}

/** Requests seen but not yet answered; bounded so that requests that never complete cannot grow it. */
const MAX_PENDING_REQUESTS = 10_000;

/**
 * A log destination that turns Fastify's JSON lines into readable ones. A request is logged twice by Fastify
 * (received, answered); here it becomes one line when answered: `GET /api/tenders 200 12 ms`. Formatting
 * runs in this thread, synchronously: the server is bundled into one file, where pino's worker transports
 * cannot find their module. pino-pretty is loaded here, not at start: a server logging JSON never needs it.
 */
export async function createPrettyLogStream(
  out: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
): Promise<{ write(line: string): void }> {
  const { prettyFactory } = await import('pino-pretty');
  const pretty = prettyFactory({
    colorize: out.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
  const pending = new Map<string, string>();

  return {
    write(line: string) {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        out.write(line);
        return;
      }
      const reqId = typeof entry.reqId === 'string' ? entry.reqId : undefined;
      if (entry.msg === 'incoming request' && reqId && entry.req) {
        if (pending.size >= MAX_PENDING_REQUESTS) pending.clear();
        const { method, url } = entry.req;
        pending.set(reqId, `${typeof method === 'string' ? method : '?'} ${typeof url === 'string' ? url : '?'}`);
        return;
      }
      if (entry.msg === 'request completed' && reqId) {
        const request = pending.get(reqId) ?? 'request';
        pending.delete(reqId);
        const status = typeof entry.res?.statusCode === 'number' ? entry.res.statusCode : '?';
        const ms = typeof entry.responseTime === 'number' ? Math.round(entry.responseTime) : '?';
        entry = { ...entry, msg: `${request} ${status} ${ms} ms` };
      }
      out.write(pretty(entry));
    },
  };
}
