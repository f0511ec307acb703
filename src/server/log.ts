// Structured JSON logs, one line per event, with the current request's id (src/server/request-context.ts).
// Never log secrets or personal data: callers pass ids, not e-mails or tokens, and as a second
// line of defence every field whose name says it holds a secret or an address (password,
// token, secret, authorization, cookie, e-mail, api key, dsn) is written as '[redacted]', at any
// depth. Error objects keep their name, message and stack.
import { env } from './env';
import { currentRequestId } from './request-context';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export const REDACTED = '[redacted]';

/** Field names whose values never reach a log line (matched anywhere in the name, any case). */
const SENSITIVE_KEY = /passw|passphrase|token|secret|authori[sz]ation|cookie|e-?mail|api[-_]?key|dsn|signature|credential/i;

/** An e-mail address inside free text (an upstream error message, a stack). */
const EMAIL_IN_TEXT = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/gi;

/** Flags and counts (emailVerified, tokenCount) describe a value without revealing it. */
function isHarmless(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'boolean' || typeof value === 'number';
}

export function redact(key: string, value: unknown): unknown {
  if (key && SENSITIVE_KEY.test(key) && !isHarmless(value)) return REDACTED;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (typeof value === 'string' && value.includes('@')) return value.replace(EMAIL_IN_TEXT, REDACTED);
  return value;
}

function threshold(): number {
  try {
    return order[env().LOG_LEVEL];
  } catch {
    return order.info;
  }
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold()) return;
  const requestId = currentRequestId();
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...(requestId ? { requestId } : {}), ...fields }, redact);
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
