// Web Push (an extra of this server): a browser's subscriptions, and pushes sent with the `web-push`
// library under the app's VAPID keys (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT; the
// launcher generates and keeps a pair under the data folder when they are unset, like
// AUTH_SECRET). Without keys nothing is sent and the focus session keeps its in-tab chime.
//
// A phase-end push is told by the browser when the phase starts (its end time) and kept in
// PostgreSQL; the background job of whichever instance finds it due claims it (DELETE ...
// RETURNING with SKIP LOCKED: one instance, once) and sends it. A pause or stop removes it.
import { timingSafeEqual } from 'node:crypto';
import webpush from 'web-push';
import { ZPhaseEndPushInput, ZPushSubscriptionInput, type TPhaseEndPushInput, type TPushSubscriptionInput } from '@/lib/schemas/push';
import { appError } from '@/server/errors';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { reportError } from '@/server/error-report';
import { assertOutboundUrl, mapWithConcurrency, OutboundError, outboundRequest } from '@/server/http/outbound';

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

/** At most this many browsers per account get pushes; a new one drops the oldest. */
const MAX_PUSH_SUBSCRIPTIONS = 10;
/** Pushes in flight at once for one user, and due pushes handled at once by one job run. */
const PUSH_CONCURRENCY = 8;
const PUSH_TIMEOUTS = { connectTimeoutMs: 5_000, timeoutMs: 10_000, maxBytes: 64 * 1024, maxRedirects: 0 } as const;

const PUSH_ENDPOINT_TAKEN = 'This push subscription belongs to another account: it moves only when that browser signs in';

/** Who registered a subscription: a personal access token, or a browser session (the cookie's `sid`). */
type PushRegistrant = { apiTokenId?: string | null; browserSessionId?: string | null };

/**
 * Stores a browser's subscription with who registered it: a personal access token (revoking it
 * removes the subscription) or a browser session (a password change removes what other sessions
 * registered).
 */
export async function savePushSubscription(db: Db, userId: string, input: TPushSubscriptionInput, registrant: PushRegistrant = {}) {
  const apiTokenId = registrant.apiTokenId ?? null;
  const browserSessionId = apiTokenId === null ? (registrant.browserSessionId ?? null) : null;
  const data = ZPushSubscriptionInput.parse(input);
  // The server will POST to this URL: public addresses only (checked again after DNS at send).
  try {
    assertOutboundUrl(data.endpoint);
  } catch (error) {
    if (error instanceof OutboundError) throw appError('BAD_REQUEST', `This push endpoint cannot be used: ${error.message}`);
    throw error;
  }
  return db.$transaction(async (tx) => {
    // One subscribing call per account at a time, so the cap below holds under concurrency.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    const existing = await tx.pushSubscription.findUnique({ where: { endpoint: data.endpoint }, select: { userId: true, auth: true } });
    // An endpoint belongs to one browser. It moves to another account only from that browser's
    // own signed-in session, which alone knows the subscription's auth secret: someone who merely
    // knows the endpoint URL (or holds a token) cannot take it over.
    if (existing && existing.userId !== userId && (apiTokenId !== null || !sameSecret(existing.auth, data.keys.auth))) {
      throw appError('CONFLICT', PUSH_ENDPOINT_TAKEN);
    }
    const row = await tx.pushSubscription.upsert({
      where: { endpoint: data.endpoint },
      create: { userId, endpoint: data.endpoint, p256dh: data.keys.p256dh, auth: data.keys.auth, apiTokenId, browserSessionId },
      update: { userId, p256dh: data.keys.p256dh, auth: data.keys.auth, apiTokenId, browserSessionId },
    });
    const beyond = await tx.pushSubscription.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: MAX_PUSH_SUBSCRIPTIONS,
      select: { id: true },
    });
    if (beyond.length > 0) await tx.pushSubscription.deleteMany({ where: { id: { in: beyond.map((entry) => entry.id) } } });
    return { endpoint: row.endpoint, createdAt: row.createdAt.toISOString() };
  });
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
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

/** How pushes reach the push services; tests pass the CA of their loopback push service. */
export type PushDeliveryOptions = { ca?: Buffer | string; timeoutMs?: number };

/**
 * Sends one push to each of the user's browsers, in parallel (at most PUSH_CONCURRENCY at once),
 * each through the guarded outbound client with its own timeouts, so one push service that never
 * answers delays nobody else. A subscription the push service says is gone (404, 410), or whose
 * endpoint now resolves to a non-public address, is forgotten.
 */
export async function pushToUser(db: Db, userId: string, payload: { title: string; body: string; tag?: string }, options: PushDeliveryOptions = {}): Promise<number> {
  const vapid = vapidConfig();
  if (!vapid) return 0;
  const targets: Target[] = await db.pushSubscription.findMany({ where: { userId }, select: { id: true, endpoint: true, p256dh: true, auth: true } });
  const results = await mapWithConcurrency(targets, PUSH_CONCURRENCY, async (target) => {
    const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: 60 * 60,
      contentEncoding: 'aes128gcm',
    });
    const body = request.body === null ? undefined : Buffer.from(request.body);
    const answer = await outboundRequest(request.endpoint, { ...PUSH_TIMEOUTS, method: request.method, headers: request.headers as Record<string, string>, body, ca: options.ca, ...(options.timeoutMs && { timeoutMs: options.timeoutMs, connectTimeoutMs: options.timeoutMs }) });
    if (answer.status === 404 || answer.status === 410) {
      await db.pushSubscription.deleteMany({ where: { id: target.id } });
      return false;
    }
    if (answer.status < 200 || answer.status > 299) throw new Error(`push service answered ${answer.status}`);
    return true;
  });
  let sent = 0;
  for (const [index, result] of results.entries()) {
    if (result.status === 'fulfilled') {
      if (result.value) sent += 1;
    } else if (result.reason instanceof OutboundError && result.reason.reason === 'blocked_address') {
      await db.pushSubscription.deleteMany({ where: { id: targets[index]!.id } });
    } else {
      reportError('push failed', result.reason);
    }
  }
  return sent;
}

/** The background job's part: sends every due phase-end push once, across instances. */
export async function sendDuePushes(db: Db, now = new Date(), options: PushDeliveryOptions = {}): Promise<number> {
  // Claimed by deleting: a row another instance has locked is skipped, a claimed one is gone.
  const due = await db.$queryRaw<{ userId: string; title: string; body: string; focusSessionId: string }[]>`
    DELETE FROM "ScheduledPush" WHERE id IN (
      SELECT id FROM "ScheduledPush" WHERE "sendAt" <= ${now} ORDER BY "sendAt" LIMIT 100 FOR UPDATE SKIP LOCKED
    ) RETURNING "userId", title, body, "focusSessionId"`;
  const results = await mapWithConcurrency(due, 4, (push) => pushToUser(db, push.userId, { title: push.title, body: push.body, tag: `onething-session-${push.focusSessionId}` }, options));
  return results.reduce((sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0), 0);
}
