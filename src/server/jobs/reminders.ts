// E-mail reminders: one mail per open task due within the next
// REMINDER_WINDOW_HOURS, for users with emailRemindersEnabled and a verified address. Overdue
// tasks get none (the window looks ahead only). Users with pushRemindersEnabled and a Web Push
// subscription get the reminder as a push too (or only, with e-mail reminders off), under the
// same claim: once per task and due date.
//
// Exactly once across app instances: one statement claims the due tasks by inserting
// (taskId, dueDate) into SentReminder with ON CONFLICT DO NOTHING and returns only the rows it
// inserted; a second instance running the same statement at the same moment waits on the
// primary key and inserts nothing. A changed due date is a new key, so it re-arms the
// reminder. A mail that fails to send releases its claim, so the next run retries it (a crash
// between claim and send loses that one reminder rather than risking a duplicate).
//
// Plain TypeScript with only erasable syntax, so `npm run reminders` can load it with Node.
import { REMINDER_WINDOW_HOURS } from '@/lib/constants';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { sendMail, type OutgoingMail } from '@/server/mail/transport';
import { currentRequestId, jobRunId, runWithRequestId } from '@/server/request-context';
import { taskReminderMail } from '@/server/mail/messages';
import { formatDueForMail } from '@/lib/time-zone';
import { mapWithConcurrency } from '@/server/http/outbound';
import { pushToUser, type PushDeliveryOptions } from '@/server/services/push.service';

/** `sent`/`failed`: reminder mails; `pushed`: push notifications delivered to the push services. */
export type ReminderRunResult = { sent: number; failed: number; pushed: number };

export type ReminderOptions = {
  now?: Date;
  /** How mail leaves (tests may replace it); default the app's transport. */
  send?: (mail: OutgoingMail) => Promise<void>;
  /** Claims per statement; the run loops until a batch comes back short. */
  batchSize?: number;
  /** How pushes are delivered (tests pass the CA of their loopback push service). */
  pushOptions?: PushDeliveryOptions;
  /** Upper bound of batches per run, so one run stays bounded in time. */
  maxBatches?: number;
};

type ClaimedRow = {
  taskId: string;
  dueIso: string;
  title: string;
  userId: string;
  email: string;
  name: string;
  timeZone: string;
  byMail: boolean;
  byPush: boolean;
};

/** Claim rows older than this are no longer needed: their tasks are past due. */
const KEEP_CLAIMS_HOURS = 48;

async function claimDueTasks(db: Db, now: Date, batchSize: number): Promise<ClaimedRow[]> {
  const from = now.toISOString();
  const until = new Date(now.getTime() + REMINDER_WINDOW_HOURS * 3_600_000).toISOString();
  // Prisma stores UTC wall-clock times in `timestamp(3)`: compare in UTC whatever the
  // session's TimeZone, and return the due date as UTC text.
  return db.$queryRaw<ClaimedRow[]>`
    WITH due AS (
      SELECT t."id", t."dueDate"
      FROM "Task" t
      JOIN "User" u ON u."id" = t."userId"
      WHERE t."completed" = false AND t."letGoAt" IS NULL
        AND t."dueDate" > (${from}::timestamptz AT TIME ZONE 'UTC')
        AND t."dueDate" <= (${until}::timestamptz AT TIME ZONE 'UTC')
        AND (
          (u."emailRemindersEnabled" = true AND u."emailVerified" = true)
          OR (u."pushRemindersEnabled" = true AND EXISTS (SELECT 1 FROM "PushSubscription" p WHERE p."userId" = u."id"))
        )
        AND NOT EXISTS (SELECT 1 FROM "SentReminder" s WHERE s."taskId" = t."id" AND s."dueDate" = t."dueDate")
      ORDER BY t."dueDate", t."id"
      LIMIT ${batchSize}
    ), claimed AS (
      INSERT INTO "SentReminder" ("taskId", "dueDate", "sentAt")
      SELECT "id", "dueDate", (now() AT TIME ZONE 'UTC') FROM due
      ON CONFLICT DO NOTHING
      RETURNING "taskId", "dueDate"
    )
    SELECT c."taskId",
           to_char(c."dueDate", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "dueIso",
           t."title", u."id" AS "userId", u."email", u."name", u."timeZone",
           (u."emailRemindersEnabled" AND u."emailVerified") AS "byMail",
           u."pushRemindersEnabled" AS "byPush"
    FROM claimed c
    JOIN "Task" t ON t."id" = c."taskId"
    JOIN "User" u ON u."id" = t."userId"`;
}

async function releaseClaim(db: Db, taskId: string, dueDate: Date): Promise<void> {
  await db.sentReminder.deleteMany({ where: { taskId, dueDate } });
}

/**
 * One pass of the reminder job. Safe to run on every instance at once. Its log lines carry the
 * run's id: the caller's (the in-app schedule opens one per run) or a new one (`npm run reminders`).
 */
export function runReminders(db: Db, options: ReminderOptions = {}): Promise<ReminderRunResult> {
  if (currentRequestId()) return runOnce(db, options);
  return runWithRequestId(jobRunId('reminders'), () => runOnce(db, options));
}

async function runOnce(db: Db, options: ReminderOptions): Promise<ReminderRunResult> {
  const now = options.now ?? new Date();
  const send = options.send ?? sendMail;
  const batchSize = options.batchSize ?? 200;
  const maxBatches = options.maxBatches ?? 25;
  const appUrl = env().APP_URL;
  const result: ReminderRunResult = { sent: 0, failed: 0, pushed: 0 };

  await db.sentReminder.deleteMany({ where: { dueDate: { lt: new Date(now.getTime() - KEEP_CLAIMS_HOURS * 3_600_000) } } });

  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueTasks(db, now, batchSize);
    const pushes: { row: ClaimedRow; dueDate: Date }[] = [];
    for (const row of claimed) {
      const dueDate = new Date(row.dueIso);
      if (row.byMail) {
        const mail = await taskReminderMail(row.email, {
          name: row.name,
          taskTitle: row.title,
          // On the reader's own clock, daylight saving included.
          dueText: formatDueForMail(dueDate, row.timeZone),
          dashboardLink: `${appUrl}/dashboard?task=${encodeURIComponent(row.taskId)}`,
          preferencesLink: `${appUrl}/account#email-preferences`,
        });
        try {
          await send(mail);
          result.sent++;
        } catch (error) {
          result.failed++;
          log.warn('reminder not sent; will retry on the next run', { taskId: row.taskId, error: (error as Error).message });
          // The push waits for the retry too, so it is not sent twice.
          await releaseClaim(db, row.taskId, dueDate);
          continue;
        }
      }
      if (row.byPush) pushes.push({ row, dueDate });
    }
    // Best effort, never retried: a push service that fails is reported by pushToUser and a
    // gone subscription forgotten; the claim stays so the e-mail is not sent again. In parallel
    // (capped), each push with its own timeouts: one push service that never answers cannot
    // hold up the others or the next batch for more than its timeout.
    const results = await mapWithConcurrency(pushes, 8, ({ row, dueDate }) =>
      pushToUser(db, row.userId, { title: `Due ${formatDueForMail(dueDate, row.timeZone)}`, body: row.title, tag: `onething-task-${row.taskId}` }, options.pushOptions),
    );
    for (const outcome of results) if (outcome.status === 'fulfilled') result.pushed += outcome.value;
    // A short batch means nothing more is due; a failing one stops the run (retried later).
    if (claimed.length < batchSize || result.failed > 0) break;
  }
  if (result.sent || result.failed || result.pushed) log.info('reminders run', { ...result });
  return result;
}
