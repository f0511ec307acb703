// Runs the background jobs inside the app (started from src/instrumentation.ts): the reminder
// job every REMINDER_INTERVAL_MS, on an unref'd timer so it never keeps the process alive,
// and never two runs of this instance at once. Several instances may all run it: the job
// itself makes sure each reminder is sent once.
import { getDb } from '@/server/db';
import { reportError } from '@/server/error-report';
import { jobRunId, runWithRequestId } from '@/server/request-context';
import { forgetExpiredIdempotencyKeys } from '@/server/services/idempotency.service';
import { refreshDueCalendars } from '@/server/services/calendar-subscription.service';
import { sendDuePushes } from '@/server/services/push.service';
import { runReminders } from './reminders';
import { processSingleton } from '@/server/process-singleton';

const REMINDER_INTERVAL_MS = 5 * 60_000;
const PUSH_INTERVAL_MS = 10_000;
/** Calendar subscriptions due (each every 15 minutes) are looked for this often. */
const CALENDAR_INTERVAL_MS = 60_000;
/** The first run waits a little, so start-up (migrations, first requests) comes first. */
const FIRST_RUN_DELAY_MS = 30_000;

const state = processSingleton('jobs', () => ({ __onethingJobs: undefined as { stop: () => void } | undefined }));

export function startJobs(options: { intervalMs?: number; firstDelayMs?: number; pushIntervalMs?: number; calendarIntervalMs?: number } = {}): { stop: () => void } {
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
  // Phase-end pushes are due to the second: looked for every PUSH_INTERVAL_MS (one indexed query).
  let pushing = false;
  const pushTick = async () => {
    if (pushing) return;
    pushing = true;
    await runWithRequestId(jobRunId('pushes'), async () => {
      try {
        await sendDuePushes(getDb());
      } catch (error) {
        reportError('push job failed', error);
      } finally {
        pushing = false;
      }
    });
  };
  const pushes = setInterval(() => void pushTick(), options.pushIntervalMs ?? PUSH_INTERVAL_MS);
  pushes.unref();
  // Calendar subscriptions: each due one refreshed once across instances (claimed in PostgreSQL).
  let syncing = false;
  const calendarTick = async () => {
    if (syncing) return;
    syncing = true;
    await runWithRequestId(jobRunId('calendars'), async () => {
      try {
        await refreshDueCalendars(getDb());
      } catch (error) {
        reportError('calendar refresh job failed', error);
      } finally {
        syncing = false;
      }
    });
  };
  const calendars = setInterval(() => void calendarTick(), options.calendarIntervalMs ?? CALENDAR_INTERVAL_MS);
  calendars.unref();
  const first = setTimeout(() => void tick(), options.firstDelayMs ?? FIRST_RUN_DELAY_MS);
  const every = setInterval(() => void tick(), options.intervalMs ?? REMINDER_INTERVAL_MS);
  first.unref();
  every.unref();
  const handle = {
    stop() {
      clearTimeout(first);
      clearInterval(every);
      clearInterval(pushes);
      clearInterval(calendars);
      state.__onethingJobs = undefined;
    },
  };
  state.__onethingJobs = handle;
  return handle;
}
