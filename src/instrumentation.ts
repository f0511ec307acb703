// Next.js start-up and error hooks, on the Node.js server only (never on the edge, in a build or
// in tests):
// - register(): starts the background jobs (src/server/jobs/schedule.ts; ONETHING_JOBS=off turns
//   them off, e.g. for an instance that should only serve requests; ONETHING_JOBS_INTERVAL_MS sets
//   how often they run), and the Sentry SDK when
//   SENTRY_DSN is set (src/server/error-report.ts), so even an error outside a request is reported.
// - onRequestError(): an error Next caught while rendering a page or running a server action
//   goes to the log and, with a DSN, to Sentry, tagged with the request id src/proxy.ts gave the
//   page. (The /api route handlers catch and report their own: src/server/http/request-scope.ts.)
import type { Instrumentation } from 'next';

export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const skip =
      process.env.NODE_ENV === 'test' ||
      Boolean(process.env.VITEST) ||
      process.env.NEXT_PHASE === 'phase-production-build';
    if (skip) return;
    // Starts Sentry only when env().SENTRY_DSN is set (secrets are read through env() only).
    const { errorReporter } = await import('./server/error-report');
    await errorReporter();
    if (process.env.ONETHING_JOBS !== 'off') {
      const { startJobs } = await import('./server/jobs/schedule');
      // ONETHING_JOBS_INTERVAL_MS: run the jobs more often than every 5 minutes (the cluster
      // soak runs them every few seconds on every instance at once).
      const every = Number(process.env.ONETHING_JOBS_INTERVAL_MS);
      startJobs(every > 0 ? { intervalMs: every, firstDelayMs: every } : {});
    }
  }
}

export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportError } = await import('./server/error-report');
  const header = request.headers['x-request-id'];
  // The route's pattern (e.g. /verify/[[...slug]]), never the concrete path: paths can hold an
  // address or a token.
  reportError('request failed', error, {
    requestId: typeof header === 'string' ? header : undefined,
    route: context.routePath,
    routeType: context.routeType,
    method: request.method,
  });
};
