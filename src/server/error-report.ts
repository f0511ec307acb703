// Error reporting: every unexpected server error is written to the structured
// log (with the request id, src/server/log.ts), and, when SENTRY_DSN is set, also sent to
// Sentry through @sentry/nextjs with the request id as a tag. Without a DSN nothing leaves the
// process. The SDK is loaded on first use (or at start-up from src/instrumentation.ts), so an
// instance without a DSN never loads it.
//
// Personal data stays out of the reports as it stays out of the logs: sendDefaultPii stays at its
// default (off), and beforeSend drops cookies, authorization headers, the user, request bodies,
// query strings and console breadcrumbs.
import type { ErrorEvent } from '@sentry/nextjs';
import { env } from './env';
import { log, redact } from './log';
import { processSingleton } from './process-singleton';
import { currentRequestId } from './request-context';

type SentryServer = typeof import('@sentry/nextjs');

// The SDK's start and the set of reported errors are the process's, not this module copy's
// (process-singleton.ts): an error seen by the door and by Next's bundle is reported once.
const state = processSingleton('errorReport', () => ({
  sentry: undefined as Promise<SentryServer | undefined> | undefined,
  reported: new WeakSet<object>(),
}));

const DROPPED_HEADERS = /^(cookie|authorization|proxy-authorization|x-api-key|stripe-signature)$/i;

/** Strips what could identify a person or carry a credential from an event before it is sent. */
function scrubEvent(event: ErrorEvent): ErrorEvent {
  delete event.user;
  // Console breadcrumbs could quote anything a library printed; keep the HTTP ones (method, host).
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.filter((crumb) => crumb.category !== 'console');
  if (event.request) {
    delete event.request.cookies;
    delete event.request.data;
    delete event.request.query_string;
    if (event.request.headers) {
      for (const name of Object.keys(event.request.headers)) {
        if (DROPPED_HEADERS.test(name)) delete event.request.headers[name];
      }
    }
  }
  return event;
}

function configuredDsn(): string | undefined {
  try {
    return env().SENTRY_DSN;
  } catch {
    return undefined;
  }
}

/** Starts the Sentry SDK when SENTRY_DSN is set (once per process); resolves to it or undefined. */
export function errorReporter(): Promise<SentryServer | undefined> {
  const dsn = configuredDsn();
  if (!dsn) return Promise.resolve(undefined);
  state.sentry ??= import('@sentry/nextjs')
    .then((Sentry) => {
      Sentry.init({
        dsn,
        environment: env().SENTRY_ENVIRONMENT ?? env().NODE_ENV,
        // Errors only: no performance tracing, and no OpenTelemetry set-up of Sentry's own
        // (Next.js and the REST door stay as lean as without a DSN).
        tracesSampleRate: 0,
        enableOpenTelemetrySetup: false,
        beforeSend: scrubEvent,
      });
      return Sentry;
    })
    .catch((error: unknown) => {
      log.warn('error reporting unavailable: the Sentry SDK did not load', { error });
      return undefined;
    });
  return state.sentry;
}

/**
 * Logs an unexpected error (always) and sends it to Sentry (when configured), tagged with the
 * current request id. The same error object is reported once, however many layers see it.
 */
export function reportError(message: string, error: unknown, fields: Record<string, unknown> = {}): void {
  if (error !== null && typeof error === 'object') {
    if (state.reported.has(error)) return;
    state.reported.add(error);
  }
  const requestId = typeof fields.requestId === 'string' ? fields.requestId : currentRequestId();
  log.error(message, { ...fields, error });
  if (!configuredDsn()) return;
  const extra = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'requestId'));
  void errorReporter().then((Sentry) => {
    Sentry?.captureException(error, {
      tags: { ...(requestId ? { requestId } : {}), where: message },
      extra: JSON.parse(JSON.stringify(extra, redact)) as Record<string, unknown>,
    });
  });
}

/** Waits until queued reports are sent (shutdown, tests, the reminders script). */
export async function flushErrorReports(timeoutMs = 2000): Promise<boolean> {
  if (!state.sentry) return true;
  const Sentry = await state.sentry;
  return Sentry ? Sentry.flush(timeoutMs) : true;
}
