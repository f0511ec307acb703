// Web Push on both doors, sent for real: a browser's subscription stored (REST 201, tRPC) and
// forgotten, never another user's; a phase-end push scheduled in PostgreSQL and sent once when
// due (two job runs at once still send it once), not at all after a cancel; and the push itself
// received by a push service on loopback (HTTPS, a self-signed certificate made here), which
// checks the VAPID signature and decrypts the aes128gcm payload with the subscription's private
// key, as a browser would. Hardened (issue 28): endpoints on loopback, private and metadata
// addresses refused at subscribe (400) and again at send; pushes in parallel with timeouts, so
// a push service that never answers delays no other; at most 10 browsers per account; an
// endpoint moves to another account only from that browser's own signed-in session.
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { http as mswHttp, passthrough } from 'msw';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { server as msw } from '@/test/msw';
import { callerFor, createSessionRow, createUser, restAs } from '@/test/factories';
import { runReminders } from '@/server/jobs/reminders';
import { createCaller } from '@/server/api/root';
import { pushToUser, sendDuePushes, vapidConfig } from './push.service';

type Received = { headers: IncomingHttpHeaders; body: Buffer; path: string };

let pushService: https.Server;
let base = '';
let ca: Buffer;
let tempDir = '';
const received: Received[] = [];
let answerStatus = 201;
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  tempDir = mkdtempSync(path.join(tmpdir(), 'push-'));
  const key = path.join(tempDir, 'key.pem');
  const cert = path.join(tempDir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  pushService = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks), path: request.url ?? '' });
      // A push service that never answers (the request is kept open until the test ends).
      if (request.url?.startsWith('/push/hang')) return;
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  ca = readFileSync(cert);
  // The loopback push service is exempt from the public-address rule, as an intranet would be.
  process.env.OUTBOUND_ALLOWLIST = base;
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  process.env.VAPID_SUBJECT = 'mailto:support@onething.example';
  resetEnvCache();
});

beforeEach(() => {
  received.length = 0;
  answerStatus = 201;
  msw.use(mswHttp.all(`${base}/*`, () => passthrough()));
});

afterAll(async () => {
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
  delete process.env.VAPID_SUBJECT;
  delete process.env.OUTBOUND_ALLOWLIST;
  resetEnvCache();
  pushService.closeAllConnections();
  await new Promise((resolve) => pushService.close(resolve));
  rmSync(tempDir, { recursive: true, force: true });
});

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: (endpoint: string) => ({ endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }) };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 / RFC 8188: what the browser does with a push's body. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(keys.auth, shared), info);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** The VAPID header: signed by the app's private key, for this push service's origin. */
function expectVapid(headers: IncomingHttpHeaders) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(match?.[2]).toBe(vapid.publicKey);
  const [header, claims, signature] = match![1]!.split('.');
  const raw = Buffer.from(vapid.publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true);
  expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ aud: base, sub: 'mailto:support@onething.example' });
}

describe('push subscriptions', () => {
  it("start from the app's VAPID public key, given on both doors (null without keys)", async () => {
    const user = await createUser();
    const rest = await restAs(user)('GET', '/user/push-public-key');
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ publicKey: vapid.publicKey });
    expect(await callerFor(user).user.pushPublicKey()).toEqual({ publicKey: vapid.publicKey });
    expect((await restAs(null)('GET', '/user/push-public-key')).status).toBe(401);
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    resetEnvCache();
    try {
      expect((await restAs(user)('GET', '/user/push-public-key')).body).toEqual({ publicKey: null });
    } finally {
      process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
      process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
      resetEnvCache();
    }
  });

  it('are stored (REST 201, tRPC), forgotten by endpoint, and never another user’s', async () => {
    const user = await createUser();
    const other = await createUser();
    const rest = restAs(user);
    const browser = browserKeys();
    const created = await rest('POST', '/user/push-subscriptions', browser.json(`${base}/push/rest`));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ endpoint: `${base}/push/rest` });
    await callerFor(user).user.addPushSubscription(browserKeys().json(`${base}/push/trpc`));
    const rows = await getDb().pushSubscription.findMany({ where: { userId: user.id }, orderBy: { endpoint: 'asc' } });
    expect(rows.map((row) => row.endpoint)).toEqual([`${base}/push/rest`, `${base}/push/trpc`]);
    expect(rows[0]).toMatchObject({ p256dh: browser.json('').keys.p256dh, auth: browser.json('').keys.auth });

    expect((await restAs(other)('DELETE', '/user/push-subscriptions', { endpoint: `${base}/push/rest` })).status).toBe(200);
    expect(await getDb().pushSubscription.count({ where: { userId: user.id } })).toBe(2);
    expect((await rest('DELETE', '/user/push-subscriptions', { endpoint: `${base}/push/rest` })).status).toBe(200);
    await callerFor(user).user.deletePushSubscription({ endpoint: `${base}/push/trpc` });
    expect(await getDb().pushSubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses what is not a PushSubscription with a 400', async () => {
    const rest = restAs(await createUser());
    const bad = await rest('POST', '/user/push-subscriptions', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await rest('POST', '/user/push-subscriptions', { endpoint: `${base}/x` })).status).toBe(400);
    expect((await restAs(null)('POST', '/user/push-subscriptions', browserKeys().json(`${base}/x`))).status).toBe(401);
  });
});

describe('the phase-end push', () => {
  it('is sent once when due, encrypted for the browser and signed with the app’s VAPID key', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const browser = browserKeys();
    expect((await rest('POST', '/user/push-subscriptions', browser.json(`${base}/push/phase`))).status).toBe(201);
    const focus = await createSessionRow(user.id);
    const now = new Date();
    const sendAt = new Date(now.getTime() + 60_000);
    const scheduled = await rest('PUT', '/user/phase-end-push', { focusSessionId: focus.id, sendAt: sendAt.toISOString(), body: 'Break time!' });
    expect(scheduled.status).toBe(200);

    expect(await sendDuePushes(getDb(), now, { ca })).toBe(0);
    expect(received).toEqual([]);
    // Two instances' jobs at once: the push goes out once.
    const due = new Date(sendAt.getTime() + 1000);
    const sent = await Promise.all([sendDuePushes(getDb(), due, { ca }), sendDuePushes(getDb(), due, { ca })]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(received).toHaveLength(1);
    const push = received[0]!;
    expect(push.path).toBe('/push/phase');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expectVapid(push.headers);
    expect(JSON.parse(decrypt(push.body, browser))).toEqual({ title: 'Onething', body: 'Break time!', tag: `onething-session-${focus.id}` });
    expect(await sendDuePushes(getDb(), new Date(due.getTime() + 60_000), { ca })).toBe(0);
  });

  it('goes out on the default set-up (an http APP_URL, no VAPID_SUBJECT), signed with a mailto: subject from MAIL_FROM', async () => {
    const saved = { APP_URL: process.env.APP_URL, MAIL_FROM: process.env.MAIL_FROM };
    process.env.APP_URL = 'http://localhost:3000';
    process.env.MAIL_FROM = 'Onething <hello@onething.example>';
    delete process.env.VAPID_SUBJECT;
    resetEnvCache();
    try {
      expect(vapidConfig()?.subject).toBe('mailto:hello@onething.example');
      const user = await createUser();
      const browser = browserKeys();
      expect((await restAs(user)('POST', '/user/push-subscriptions', browser.json(`${base}/push/default`))).status).toBe(201);
      // With the http APP_URL as subject web-push refused every push ("Vapid subject is not an https: or mailto: URL").
      expect(await pushToUser(getDb(), user.id, { title: 'Onething', body: 'Time to focus' }, { ca })).toBe(1);
      expect(received).toHaveLength(1);
      const claims = /^vapid t=[^.]+\.([^.]+)\./.exec(String(received[0]!.headers.authorization))?.[1];
      expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ sub: 'mailto:hello@onething.example' });
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      process.env.VAPID_SUBJECT = 'mailto:support@onething.example';
      resetEnvCache();
    }
  });

  it('is replaced by the next phase and removed by a pause; a gone subscription is forgotten', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const browser = browserKeys();
    await rest('POST', '/user/push-subscriptions', browser.json(`${base}/push/gone`));
    const focus = await createSessionRow(user.id);
    const other = await createUser();
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await rest('PUT', '/user/phase-end-push', { focusSessionId: focus.id, sendAt: at(1000), body: 'Break time!' });
    await callerFor(user).user.schedulePhaseEndPush({ focusSessionId: focus.id, sendAt: at(120_000), body: 'Back to work!' });
    expect(await getDb().scheduledPush.findMany({ where: { userId: user.id }, select: { body: true } })).toEqual([{ body: 'Back to work!' }]);
    // Another user's session is a 404, for scheduling and cancelling alike.
    expect((await restAs(other)('PUT', '/user/phase-end-push', { focusSessionId: focus.id, sendAt: at(0), body: 'x' })).status).toBe(404);
    expect((await restAs(other)('DELETE', '/user/phase-end-push', { focusSessionId: focus.id })).status).toBe(404);
    expect((await rest('DELETE', '/user/phase-end-push', { focusSessionId: focus.id })).status).toBe(200);
    expect(await sendDuePushes(getDb(), new Date(Date.now() + 600_000), { ca })).toBe(0);
    expect(received).toEqual([]);

    await rest('PUT', '/user/phase-end-push', { focusSessionId: focus.id, sendAt: at(0), body: 'Time’s up' });
    answerStatus = 410;
    expect(await sendDuePushes(getDb(), new Date(Date.now() + 1000), { ca })).toBe(0);
    expect(received).toHaveLength(1);
    expect(await getDb().pushSubscription.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('task reminders by push', () => {
  it('go once to users with push reminders on and a subscription, beside or instead of the e-mail', async () => {
    const db = getDb();
    const now = new Date();
    const due = new Date(now.getTime() + 2 * 3_600_000);
    const pushOnly = await createUser({ emailRemindersEnabled: false, pushRemindersEnabled: true, timeZone: 'Europe/Paris' });
    const both = await createUser({ emailRemindersEnabled: true, pushRemindersEnabled: true });
    const pushOff = await createUser({ emailRemindersEnabled: false, pushRemindersEnabled: false });
    const noSubscription = await createUser({ emailRemindersEnabled: false, pushRemindersEnabled: true });
    const keys = { pushOnly: browserKeys(), both: browserKeys(), pushOff: browserKeys() };
    await restAs(pushOnly)('POST', '/user/push-subscriptions', keys.pushOnly.json(`${base}/push/only`));
    await restAs(both)('POST', '/user/push-subscriptions', keys.both.json(`${base}/push/both`));
    await restAs(pushOff)('POST', '/user/push-subscriptions', keys.pushOff.json(`${base}/push/off`));
    const task = (userId: string, title: string) => db.task.create({ data: { userId, title, dueDate: due } });
    const onlyTask = await task(pushOnly.id, 'Call the plumber');
    await task(both.id, 'Pay the rent');
    await task(pushOff.id, 'Nothing by push');
    await task(noSubscription.id, 'Nowhere to push');
    const mails: string[] = [];
    const send = async (mail: { to: string }) => {
      mails.push(mail.to);
    };

    const first = await runReminders(db, { now, send: send as never, pushOptions: { ca } });
    expect(first).toEqual({ sent: 1, failed: 0, pushed: 2 });
    expect(mails).toEqual([both.email]);
    expect(received.map((push) => push.path).sort()).toEqual(['/push/both', '/push/only']);
    const only = received.find((push) => push.path === '/push/only')!;
    expectVapid(only.headers);
    const payload = JSON.parse(decrypt(only.body, keys.pushOnly)) as { title: string; body: string; tag: string };
    expect(payload.body).toBe('Call the plumber');
    expect(payload.tag).toBe(`onething-task-${onlyTask.id}`);
    // On the reader's clock (Paris is UTC+1 in November).
    expect(payload.title).toContain(`${String((due.getUTCHours() + 1) % 24).padStart(2, '0')}:${String(due.getUTCMinutes()).padStart(2, '0')}`);

    // The same claim as the e-mail: a second run (or another instance) sends nothing again.
    expect(await runReminders(db, { now: new Date(now.getTime() + 60_000), send: send as never, pushOptions: { ca } })).toEqual({ sent: 0, failed: 0, pushed: 0 });
    expect(received).toHaveLength(2);
    expect(mails).toHaveLength(1);
  });
});

describe('push endpoints the server will not call', () => {
  it.each(['http://127.0.0.1:9/push', 'https://10.0.0.8/push', 'http://169.254.169.254/latest/meta-data', 'https://100.64.1.2/x', 'https://[::ffff:127.0.0.1]/x', 'http://localhost:9/x'])(
    '%s is refused with a 400 at subscribe, on both doors',
    async (endpoint) => {
      const user = await createUser();
      const rest = await restAs(user)('POST', '/user/push-subscriptions', browserKeys().json(endpoint));
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('private or local network') });
      await expect(callerFor(user).user.addPushSubscription(browserKeys().json(endpoint))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await getDb().pushSubscription.count({ where: { userId: user.id } })).toBe(0);
    },
  );

  it('is refused again at send time (an endpoint stored before the rule): nothing is sent and it is forgotten', async () => {
    const user = await createUser();
    const browser = browserKeys();
    // Stored straight in the database, as a row from before this rule would be: another port of
    // the loopback push service, not on the allowlist.
    const port = Number(new URL(base).port);
    await getDb().pushSubscription.create({ data: { userId: user.id, endpoint: `https://127.0.0.1:${port === 65535 ? port - 1 : port + 1}/push/old`, p256dh: browser.json('').keys.p256dh, auth: browser.json('').keys.auth } });
    await getDb().pushSubscription.create({ data: { userId: user.id, endpoint: `https://[::ffff:a9fe:a9fe]/latest`, p256dh: browser.json('').keys.p256dh, auth: browser.json('').keys.auth } });
    expect(await pushToUser(getDb(), user.id, { title: 'x', body: 'y' }, { ca })).toBe(0);
    expect(received).toEqual([]);
    expect(await getDb().pushSubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it('one push service that never answers holds up no other push, and is cut off by its timeout', async () => {
    const user = await createUser();
    const good = browserKeys();
    await restAs(user)('POST', '/user/push-subscriptions', browserKeys().json(`${base}/push/hang`));
    await restAs(user)('POST', '/user/push-subscriptions', good.json(`${base}/push/good`));
    const started = Date.now();
    // A short timeout for the test; the app's is 10 s.
    expect(await pushToUser(getDb(), user.id, { title: 'Onething', body: 'Break time!' }, { ca, timeoutMs: 1_000 })).toBe(1);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(received.map((push) => push.path).sort()).toEqual(['/push/good', '/push/hang']);
    expect(JSON.parse(decrypt(received.find((push) => push.path === '/push/good')!.body, good))).toMatchObject({ body: 'Break time!' });
    // Still subscribed: a slow push service is not a gone one.
    expect(await getDb().pushSubscription.count({ where: { userId: user.id } })).toBe(2);
  });
});

describe('subscriptions per account', () => {
  it('are at most 10: the eleventh and twelfth drop the oldest', async () => {
    const user = await createUser();
    const rest = restAs(user);
    for (let index = 0; index < 12; index += 1) {
      expect((await rest('POST', '/user/push-subscriptions', browserKeys().json(`${base}/push/many-${index}`))).status).toBe(201);
    }
    const kept = await getDb().pushSubscription.findMany({ where: { userId: user.id }, select: { endpoint: true } });
    expect(kept).toHaveLength(10);
    expect(kept.map((row) => row.endpoint)).not.toContain(`${base}/push/many-0`);
    expect(kept.map((row) => row.endpoint)).not.toContain(`${base}/push/many-1`);
    expect(kept.map((row) => row.endpoint)).toContain(`${base}/push/many-11`);
  });

  it('hold under concurrent subscribing', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const answers = await Promise.all(Array.from({ length: 14 }, (_, index) => rest('POST', '/user/push-subscriptions', browserKeys().json(`${base}/push/burst-${index}`))));
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(await getDb().pushSubscription.count({ where: { userId: user.id } })).toBe(10);
  });
});

describe('an endpoint another account registered', () => {
  it('cannot be taken over by someone who only knows its URL (409, the owner keeps it)', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const browser = browserKeys();
    await restAs(owner)('POST', '/user/push-subscriptions', browser.json(`${base}/push/owned`));
    const attempt = await restAs(stranger)('POST', '/user/push-subscriptions', browserKeys().json(`${base}/push/owned`));
    expect(attempt.status).toBe(409);
    expect(attempt.body).toMatchObject({ code: 'CONFLICT' });
    expect(await getDb().pushSubscription.findUnique({ where: { endpoint: `${base}/push/owned` } })).toMatchObject({ userId: owner.id, auth: browser.json('').keys.auth });
  });

  it("moves when that browser's own signed-in session subscribes again (same keys), never by a token", async () => {
    const first = await createUser();
    const next = await createUser();
    const browser = browserKeys();
    await restAs(first)('POST', '/user/push-subscriptions', browser.json(`${base}/push/shared`));
    // A personal access token, even with the right keys, is not that browser.
    const byToken = createCaller({ db: getDb(), session: { userId: next.id, emailVerified: true, via: 'token', tokenId: 't', scopes: ['read', 'write'] }, headers: new Headers(), resHeaders: new Headers() });
    await expect(byToken.user.addPushSubscription(browser.json(`${base}/push/shared`))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await restAs(next)('POST', '/user/push-subscriptions', browser.json(`${base}/push/shared`))).status).toBe(201);
    expect(await getDb().pushSubscription.findUnique({ where: { endpoint: `${base}/push/shared` } })).toMatchObject({ userId: next.id });
  });
});
