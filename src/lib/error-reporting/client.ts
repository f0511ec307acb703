// Browser error reporting ("errors are also reported to an error-reporting
// service"). Nothing is loaded up front: on the first error the page asks the server whether
// reporting is on (GET /api/monitoring answers the DSN at run time, so one build serves every
// deployment; a NEXT_PUBLIC_ variable would be frozen at build time), and only then imports the
// Sentry browser SDK (its own chunk, never in a route's first-load JS). Envelopes go to the
// same-origin tunnel POST /api/monitoring, so the CSP keeps connect-src 'self'.
// Without a DSN an error costs one small request per page load, then nothing.

const MONITORING_PATH = '/api/monitoring';

type SentryBrowser = typeof import('@sentry/nextjs');

let loading: Promise<SentryBrowser | undefined> | undefined;

async function loadReporter(): Promise<SentryBrowser | undefined> {
  const answer = await fetch(MONITORING_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!answer.ok) return undefined;
  const config = (await answer.json()) as { dsn?: string; environment?: string };
  if (!config.dsn) return undefined;
  const Sentry = await import('@sentry/nextjs');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    tunnel: MONITORING_PATH,
    tracesSampleRate: 0,
    // Our own listeners (ErrorReporter) decide what is reported; no tracing, no global handlers
    // of the SDK's own, so nothing is reported twice.
    // No breadcrumbs either: they would carry visited URLs (reset links hold a token and an
    // address) and API calls' query strings.
    integrations: (defaults) =>
      defaults.filter((integration) => !['GlobalHandlers', 'BrowserTracing', 'BrowserSession', 'Breadcrumbs'].includes(integration.name)),
    beforeSend(event) {
      delete event.user;
      delete event.breadcrumbs;
      // Page paths can hold an address or a token (/verify/{email}/{token}, reset links); the
      // Referer header too. Keep the path only.
      const url = event.request?.url;
      event.request = url ? { url: url.replace(/[?#].*$/, '').replace(/\/verify\/.*$/, '/verify/…') } : undefined;
      return event;
    },
  });
  return Sentry;
}

/** Reports an error from the browser when the server has a DSN configured; never throws. */
export function reportClientError(error: unknown, context?: { digest?: string; source?: string }): void {
  if (typeof window === 'undefined') return;
  loading ??= loadReporter().catch(() => undefined);
  void loading.then((Sentry) => {
    Sentry?.captureException(error, { tags: { source: context?.source ?? 'window', ...(context?.digest ? { digest: context.digest } : {}) } });
  });
}
