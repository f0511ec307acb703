// Web Push (an extra of this server): a browser's subscriptions, and pushes sent with the `web-push`
// library under the app's VAPID keys (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT; the
// launcher generates and keeps a pair under the data folder when they are unset, like
// AUTH_SECRET). Without keys nothing is sent and the focus session keeps its in-tab chime.
//
// A phase-end push is told by the browser when the phase starts (its end time) and kept in
// PostgreSQL; the background job of whichever instance finds it due claims it (DELETE ...
// RETURNING with SKIP LOCKED: one instance, once) and sends it. A pause or stop removes it.
import webpush from 'web-push';
import { ZPhaseEndPushInput, ZPushSubscriptionInput, type TPhaseEndPushInput, type TPushSubscriptionInput } from '@/lib/schemas/push';
import { appError } from '@/server/errors';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { reportError } from '@/server/error-report';

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID subject is how a push service reaches the sender: VAPID_SUBJECT, else a mailto: of the
 * address mail is sent from (MAIL_FROM). Never APP_URL: on the default set-up it is an http URL,
 * which web-push refuses ("not an https: or mailto: URL"), and then every push failed.
 */
export function vapidConfig(): VapidConfig | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, MAIL_FROM } = env();
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) return null;
  return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT ?? `mailto:${mailAddress(MAIL_FROM)}` };
}

/** The address in a From line: `Onething <no-reply@onething.local>` → `no-reply@onething.local`. */
function mailAddress(from: string): string {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from).trim();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? address : 'no-reply@onething.local';
}

/**
 * Stores a browser's subscription. `apiTokenId`: the personal access token it was registered
 * with (null for a browser session), so revoking that token removes it.
 */
export async function savePushSubscription(db: Db, userId: string, input: TPushSubscriptionInput, apiTokenId: string | null = null) {
  const data = ZPushSubscriptionInput.parse(input);
  // An endpoint belongs to one browser: signing in as someone else there moves it to them.
  const row = await db.pushSubscription.upsert({
    where: { endpoint: data.endpoint },
    create: { userId, endpoint: data.endpoint, p256dh: data.keys.p256dh, auth: data.keys.auth, apiTokenId },
    update: { userId, p256dh: data.keys.p256dh, auth: data.keys.auth, apiTokenId },
  });
  return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
}

/** Forgets this user's subscription at `endpoint` (another user's, or none, changes nothing). */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string) {
  await db.pushSubscription.deleteMany({ where: { userId, endpoint } });
  return { success: true as const };
}

/** The user's own focus session, or a 404 (another user's is missing too). */
async function ownFocusSession(db: Db, userId: string, focusSessionId: string) {
  const found = await db.session.findFirst({ where: { id: focusSessionId, userId }, select: { id: true } });
  if (!found) throw appError('NOT_FOUND', 'Session not found');
}

export async function schedulePhaseEndPush(db: Db, userId: string, input: TPhaseEndPushInput) {
  const data = ZPhaseEndPushInput.parse(input);
  await ownFocusSession(db, userId, data.focusSessionId);
  const sendAt = new Date(data.sendAt);
  await db.scheduledPush.upsert({
    where: { userId_focusSessionId: { userId, focusSessionId: data.focusSessionId } },
    create: { userId, focusSessionId: data.focusSessionId, sendAt, title: data.title, body: data.body },
    update: { sendAt, title: data.title, body: data.body },
  });
  return { success: true as const };
}

export async function cancelPhaseEndPush(db: Db, userId: string, focusSessionId: string) {
  await ownFocusSession(db, userId, focusSessionId);
  await db.scheduledPush.deleteMany({ where: { userId, focusSessionId } });
  return { success: true as const };
}

type Target = { id: string; endpoint: string; p256dh: string; auth: string };

/**
 * Sends one push to each of the user's browsers. A subscription the push service says is gone
 * (404, 410) is forgotten. `options` reaches web-push (tests pass an agent for their loopback
 * push service).
 */
export async function pushToUser(
  db: Db,
  userId: string,
  payload: { title: string; body: string; tag?: string },
  options: webpush.RequestOptions = {},
): Promise<number> {
  const vapid = vapidConfig();
  if (!vapid) return 0;
  const targets: Target[] = await db.pushSubscription.findMany({ where: { userId }, select: { id: true, endpoint: true, p256dh: true, auth: true } });
  let sent = 0;
  for (const target of targets) {
    try {
      await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
        vapidDetails: vapid,
        TTL: 60 * 60,
        contentEncoding: 'aes128gcm',
        ...options,
      });
      sent += 1;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await db.pushSubscription.deleteMany({ where: { id: target.id } });
      else reportError('push failed', error);
    }
  }
  return sent;
}

/** The background job's part: sends every due phase-end push once, across instances. */
export async function sendDuePushes(db: Db, now = new Date(), options: webpush.RequestOptions = {}): Promise<number> {
  // Claimed by deleting: a row another instance has locked is skipped, a claimed one is gone.
  const due = await db.$queryRaw<{ userId: string; title: string; body: string; focusSessionId: string }[]>`
    DELETE FROM "ScheduledPush" WHERE id IN (
      SELECT id FROM "ScheduledPush" WHERE "sendAt" <= ${now} ORDER BY "sendAt" LIMIT 100 FOR UPDATE SKIP LOCKED
    ) RETURNING "userId", title, body, "focusSessionId"`;
  let sent = 0;
  for (const push of due) sent += await pushToUser(db, push.userId, { title: push.title, body: push.body, tag: `onething-session-${push.focusSessionId}` }, options);
  return sent;
}
