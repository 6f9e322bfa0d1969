// The log as a person reads it in a terminal (decision 067): one line per entry, time, level and
// message, with a request's method, address, status and duration when it has them. Production
// keeps pino's JSON lines for log collectors.
import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

interface LogEntry {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  /** A security event's kind, user and client address (decision 102). */
  event?: string;
  user_id?: string | null;
  address?: string;
  route?: string | null;
  /** The request an entry belongs to (X-Request-Id). */
  reqId?: string;
}

/** One JSON log line as a readable line; a line that is not JSON is passed on as it is. */
export function formatLogLine(line: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(line) as LogEntry;
  } catch {
    return line;
  }
  const time = new Date(entry.time ?? Date.now()).toISOString().slice(11, 19);
  const level = LEVELS[entry.level ?? 30] ?? 'INFO ';
  const parts = [time, level, entry.msg ?? ''];
  if (entry.req?.method) parts.push(`${entry.req.method} ${entry.req.url ?? ''}`);
  if (entry.res?.statusCode) parts.push(String(entry.res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  if (entry.event) {
    parts.push(entry.event, `user ${entry.user_id ?? '-'}`, `from ${entry.address ?? '-'}`);
    if (entry.route) parts.push(entry.route);
  }
  if (entry.level !== undefined && entry.level >= 50 && entry.reqId) {
    parts.push(`request ${entry.reqId}`);
  }
  let text = parts.filter(Boolean).join('  ');
  if (entry.err?.stack) text += `\n${entry.err.stack}`;
  else if (entry.err?.message) text += `  ${entry.err.message}`;
  return text;
}

/** A stream for Fastify's logger that writes readable lines to `out`. */
export function createReadableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${formatLogLine(line)}\n`);
      done();
    },
  });
}
