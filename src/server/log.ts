// Structured JSON logs on pino, one line per event, with the current request's id
// (src/server/request-context.ts). Server only.
// Never log secrets or personal data: callers pass ids, not e-mails or tokens, and as a second
// line of defence every field whose name says it holds a secret or an address (password,
// token, secret, authorization, cookie, e-mail, api key, dsn) is written as '[redacted]', at any
// depth. Error objects keep their name, message and stack. (pino's own `redact` takes fixed
// paths; a name can turn up at any depth here, so the fields pass through redactDeep instead.)
// The line keeps the fields it had before pino: time (ISO), level (a word), message, requestId.
import pino, { type Logger } from 'pino';
import { env } from './env';
import { currentRequestId } from './request-context';
import { processSingleton } from '@/server/process-singleton';

type Level = 'debug' | 'info' | 'warn' | 'error';

export const REDACTED = '[redacted]';

/** Field names whose values never reach a log line (matched anywhere in the name, any case). */
const SENSITIVE_KEY = /passw|passphrase|token|secret|authori[sz]ation|cookie|e-?mail|api[-_]?key|dsn|signature|credential/i;

/** An e-mail address inside free text (an upstream error message, a stack). */
const EMAIL_IN_TEXT = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}/gi;

/** Flags and counts (emailVerified, tokenCount) describe a value without revealing it. */
function isHarmless(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'boolean' || typeof value === 'number';
}

/** A JSON.stringify replacer (also used for error reports): one key and its value. */
export function redact(key: string, value: unknown): unknown {
  if (key && SENSITIVE_KEY.test(key) && !isHarmless(value)) return REDACTED;
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (typeof value === 'string' && value.includes('@')) return value.replace(EMAIL_IN_TEXT, REDACTED);
  return value;
}

/** redact() applied at every depth, as JSON.stringify(value, redact) would, without a string round trip. */
function redactDeep(key: string, value: unknown, seen: WeakSet<object>): unknown {
  const own = redact(key, value);
  if (own === null || typeof own !== 'object') return own;
  if (seen.has(own)) return '[circular]';
  seen.add(own);
  if (Array.isArray(own)) return own.map((item, index) => redactDeep(String(index), item, seen));
  if (typeof (own as { toJSON?: unknown }).toJSON === 'function') return redactDeep(key, (own as { toJSON: () => unknown }).toJSON(), seen);
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(own)) out[name] = redactDeep(name, item, seen);
  return out;
}

// Warnings and errors go to stderr, the rest to stdout, as the launcher and the container expect.
// Written through process.stdout/stderr (not pino's direct file descriptor) so a test can read them.
const streams = pino.multistream(
  [
    { level: 'debug', stream: { write: (line: string) => void process.stdout.write(line) } },
    { level: 'warn', stream: { write: (line: string) => void process.stderr.write(line) } },
  ],
  { dedupe: true },
);

function create(level: Level | 'silent'): Logger {
  return pino(
    {
      level,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redactDeep('', fields, new WeakSet()) as Record<string, unknown>,
      },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    streams,
  );
}

const shared = processSingleton('logger', () => ({ current: undefined as { level: string; logger: Logger } | undefined }));

/** The logger at LOG_LEVEL; made again when the setting changes (tests lower it). */
function logger(): Logger {
  let level: Level | 'silent';
  try {
    level = env().LOG_LEVEL;
  } catch {
    level = 'info';
  }
  if (shared.current?.level !== level) shared.current = { level, logger: create(level) };
  return shared.current.logger;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logger()[level](fields, redact('message', message) as string);
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
