// The entry point of the server bundle (scripts/build-server.mjs → <distDir>/server-bundle/index.mjs):
// what the plain-JavaScript scripts run from the compiled server code. scripts/server.mjs builds
// the HTTP front with createFront; scripts/run-reminders.mjs runs one pass of the reminder job
// where there is no TypeScript (the production image).
import { getDb } from '@/server/db';
import { runReminders } from '@/server/jobs/reminders';

export { createFront } from './front';

/** One pass of the reminder job (`npm run reminders` from the build). */
export function runRemindersOnce(): Promise<{ sent: number; failed: number }> {
  return runReminders(getDb());
}
