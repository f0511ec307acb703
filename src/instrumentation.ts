// Next.js start-up hook: on the Node.js server (never on the edge, in a build or in tests)
// start the background jobs (src/server/jobs/schedule.ts). ONETHING_JOBS=off turns them off,
// e.g. for an instance that should only serve requests.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const skip =
      process.env.NODE_ENV === 'test' ||
      Boolean(process.env.VITEST) ||
      process.env.NEXT_PHASE === 'phase-production-build' ||
      process.env.ONETHING_JOBS === 'off';
    if (!skip) {
      const { startJobs } = await import('./server/jobs/schedule');
      startJobs();
    }
  }
}
