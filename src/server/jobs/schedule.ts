// Runs the background jobs inside the app (started from src/instrumentation.ts): the reminder
// job every REMINDER_INTERVAL_MS, on an unref'd timer so it never keeps the process alive,
// and never two runs of this instance at once. Several instances may all run it: the job
// itself makes sure each reminder is sent once.
import { getDb } from '@/server/db';
import { reportError } from '@/server/error-report';
import { jobRunId, runWithRequestId } from '@/server/request-context';
import { forgetExpiredIdempotencyKeys } from '@/server/services/idempotency.service';
import { runReminders } from './reminders';

export const REMINDER_INTERVAL_MS = 5 * 60_000;
/** The first run waits a little, so start-up (migrations, first requests) comes first. */
export const FIRST_RUN_DELAY_MS = 30_000;

const state = globalThis as unknown as { __onethingJobs?: { stop: () => void } };

export function startJobs(options: { intervalMs?: number; firstDelayMs?: number } = {}): { stop: () => void } {
  if (state.__onethingJobs) return state.__onethingJobs;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    // Each run has an id of its own on its log lines and error reports.
    await runWithRequestId(jobRunId('reminders'), async () => {
      try {
        await runReminders(getDb());
      } catch (error) {
        reportError('reminder job failed', error);
      }
      try {
        await forgetExpiredIdempotencyKeys(getDb());
      } catch (error) {
        reportError('idempotency key clean-up failed', error);
      } finally {
        running = false;
      }
    });
  };
  const first = setTimeout(() => void tick(), options.firstDelayMs ?? FIRST_RUN_DELAY_MS);
  const every = setInterval(() => void tick(), options.intervalMs ?? REMINDER_INTERVAL_MS);
  first.unref();
  every.unref();
  const handle = {
    stop() {
      clearTimeout(first);
      clearInterval(every);
      state.__onethingJobs = undefined;
    },
  };
  state.__onethingJobs = handle;
  return handle;
}
