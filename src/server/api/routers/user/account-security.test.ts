// The account's keys, tried as an attacker would on both doors: a leaked personal access token
// cannot take the account over, a pending e-mail address claims nothing, and a password reset
// by mail shuts out whoever was in before (sessions, tokens, the calendar feed URL).
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { linkIn, startTestSmtpServer, type ReceivedMail } from '@/test/smtp';
import { calendarFeedBody } from '@/server/services/calendar-feed.service';
import { TestClient, trpcError } from '@/test/api-client';
import { uniqueEmail } from '@/test/factories';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let ipCounter = 0;

const client = (headers: HeadersInit = {}) => {
  ipCounter += 1;
  return new TestClient({ 'x-forwarded-for': `198.51.100.${(ipCounter % 250) + 1}`, ...headers });
};

const mailTo = (address: string, subject: RegExp) => (mail: ReceivedMail) => mail.to.includes(address) && subject.test(mail.subject);

function verifyQuery(mail: ReceivedMail): string {
  const [, , email, token] = new URL(linkIn(mail, '/verify/')).pathname.split('/');
  return `email=${email}&token=${token}`;
}

async function verifiedUser(password = 'first password here') {
  const c = client();
  const email = uniqueEmail();
  expect((await c.rest('POST', '/auth/signup', { name: 'Ada', email, password })).status).toBe(200);
  const mail = await smtp.waitForMail(mailTo(email, /Confirm your e-mail/));
  expect((await c.rest('GET', `/auth/verify-email?${verifyQuery(mail)}`)).status).toBe(200);
  const id = ((await c.rest('GET', '/auth/me')).body as { id: string }).id;
  return { c, email, password, id };
}

/** A browser's PushSubscription JSON (its own P-256 key and auth secret, a push service URL). */
function pushSubscriptionJson(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://updates.push.services.mozilla.com/wpush/v2/${name}-${randomBytes(6).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function subscribe(c: TestClient, name: string): Promise<string> {
  const body = pushSubscriptionJson(name);
  const answer = await c.rest('POST', '/user/push-subscriptions', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return body.endpoint;
}

const endpointsOf = async (userId: string) =>
  (await getDb().pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { endpoint: true } })).map((row) => row.endpoint);

async function tokenOf(c: TestClient): Promise<TestClient> {
  const created = await c.rest('POST', '/user/tokens', { name: 'script' });
  expect(created.status).toBe(200);
  return client({ authorization: `Bearer ${(created.body as { token: string }).token}` });
}

/** The feed URL's user id and secret, as a calendar app would call it. */
async function feedOf(c: TestClient): Promise<{ userId: string; token: string }> {
  const answer = await c.rest('POST', '/tasks/calendar-feed/rotate', {});
  expect(answer.status).toBe(200);
  const [, , , userId, file] = new URL((answer.body as { url: string }).url).pathname.split('/');
  return { userId: decodeURIComponent(userId!), token: file!.replace(/\.ics$/, '') };
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
});

describe('a leaked personal access token', () => {
  it('cannot change the e-mail or the password, manage tokens or delete the account (403 on both doors, nothing changed)', async () => {
    const { c, email, password, id } = await verifiedUser();
    const script = await tokenOf(c);
    const forbidden = [
      await script.rest('PATCH', '/user', { email: uniqueEmail('thief'), currentPassword: password }),
      await script.rest('PATCH', '/user/reset-password', { currentPassword: password, newPassword: 'thief password 1' }),
      await script.rest('GET', '/user/tokens'),
      await script.rest('POST', '/user/tokens', { name: 'more' }),
      await script.rest('DELETE', '/user/tokens/any-id'),
      await script.rest('DELETE', '/user/email-change'),
      await script.rest('DELETE', '/user', { password }),
      await script.trpc('mutation', 'user.update', { email: uniqueEmail('thief'), currentPassword: password }),
      await script.trpc('mutation', 'user.changePassword', { currentPassword: password, newPassword: 'thief password 1' }),
      await script.trpc('query', 'user.listTokens'),
      await script.trpc('mutation', 'user.createToken', { name: 'more' }),
      await script.trpc('mutation', 'user.revokeToken', { id: 'any-id' }),
      await script.trpc('mutation', 'user.cancelEmailChange', {}),
      await script.trpc('mutation', 'user.delete', { password }),
    ];
    for (const answer of forbidden) expect(answer.status).toBe(403);
    expect(forbidden[0]!.body).toEqual({ message: 'This action needs a signed-in browser session, not an API token', code: 'FORBIDDEN', reason: 'browser_session_required' });
    expect(trpcError(forbidden[7]!).message).toBe('This action needs a signed-in browser session, not an API token');

    const user = await getDb().user.findUniqueOrThrow({ where: { id }, select: { email: true, pendingEmail: true } });
    expect(user).toEqual({ email, pendingEmail: null });
    expect(await getDb().apiToken.count({ where: { userId: id } })).toBe(1);
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(200);
  });

  it('still does its data calls (tasks, the name)', async () => {
    const { c } = await verifiedUser();
    const script = await tokenOf(c);
    expect((await script.rest('POST', '/tasks', { title: 'From a script' })).status).toBe(200);
    expect((await script.rest('PATCH', '/user', { name: 'Ada K' })).status).toBe(200);
    expect((await script.trpc('query', 'task.list')).status).toBe(200);
  });
});

describe('push subscriptions follow the credential that registered them', () => {
  it('one registered with a token is recorded with it and goes when the token is revoked; the browser’s own stays', async () => {
    const { c, id } = await verifiedUser();
    const created = await c.rest('POST', '/user/tokens', { name: 'assistant' });
    const { id: tokenId, token } = created.body as { id: string; token: string };
    const script = client({ authorization: `Bearer ${token}` });
    const other = await tokenOf(c);
    const byBrowser = await subscribe(c, 'browser');
    const byScript = await subscribe(script, 'script');
    const byOther = await subscribe(other, 'other');
    expect(await getDb().pushSubscription.findUniqueOrThrow({ where: { endpoint: byScript }, select: { apiTokenId: true } })).toEqual({ apiTokenId: tokenId });
    expect(await getDb().pushSubscription.findUniqueOrThrow({ where: { endpoint: byBrowser }, select: { apiTokenId: true } })).toEqual({ apiTokenId: null });

    expect((await c.rest('DELETE', `/user/tokens/${tokenId}`)).status).toBe(200);
    expect((await script.rest('GET', '/tasks')).status).toBe(401);
    expect(await endpointsOf(id)).toEqual([byBrowser, byOther]);
  });

  it('a browser signing in again takes over the subscription its token registered (it survives the revoke)', async () => {
    const { c, id } = await verifiedUser();
    const created = await c.rest('POST', '/user/tokens', { name: 'assistant' });
    const { id: tokenId, token } = created.body as { id: string; token: string };
    const json = pushSubscriptionJson('shared');
    expect((await client({ authorization: `Bearer ${token}` }).rest('POST', '/user/push-subscriptions', json)).status).toBe(201);
    expect((await c.rest('POST', '/user/push-subscriptions', json)).status).toBe(201);
    expect((await c.trpc('mutation', 'user.revokeToken', { id: tokenId })).status).toBe(200);
    expect(await endpointsOf(id)).toEqual([json.endpoint]);
  });

  it('registering one needs the read scope (reminders carry task titles): a write-only token is refused', async () => {
    const { c, id } = await verifiedUser();
    const token = async (scopes: string[]) => {
      const created = await c.rest('POST', '/user/tokens', { name: scopes.join('+'), scopes });
      return client({ authorization: `Bearer ${(created.body as { token: string }).token}` });
    };
    const refused = await (await token(['write'])).rest('POST', '/user/push-subscriptions', pushSubscriptionJson('write-only'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ reason: 'scope_required' });
    expect(await endpointsOf(id)).toEqual([]);
    await subscribe(await token(['read']), 'read-only');
    expect(await endpointsOf(id)).toHaveLength(1);
  });

  it('sign out everywhere removes every subscription of the account (tokens stay)', async () => {
    const { c, id } = await verifiedUser();
    const script = await tokenOf(c);
    await subscribe(c, 'browser');
    await subscribe(script, 'script');
    expect((await c.rest('POST', '/auth/signout-everywhere', {})).status).toBe(200);
    expect(await endpointsOf(id)).toEqual([]);
    expect((await script.rest('GET', '/tasks')).status).toBe(200);
  });

  it('a password change removes what the other, now ended, sessions registered; this browser’s and the tokens’ stay', async () => {
    const { c: laptop, email, password, id } = await verifiedUser();
    const phone = client();
    expect((await phone.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    const script = await tokenOf(laptop);
    const mine = await subscribe(laptop, 'laptop');
    await subscribe(phone, 'phone');
    const scripted = await subscribe(script, 'script');
    expect((await laptop.rest('PATCH', '/user/reset-password', { currentPassword: password, newPassword: 'second password here' })).status).toBe(200);
    expect((await phone.rest('GET', '/auth/me')).status).toBe(401);
    expect((await laptop.rest('GET', '/auth/me')).status).toBe(200);
    expect((await endpointsOf(id)).sort()).toEqual([mine, scripted].sort());
    // The laptop goes on as the same session: a second change still keeps its subscription.
    expect((await laptop.rest('PATCH', '/user/reset-password', { currentPassword: 'second password here', newPassword: 'third password here' })).status).toBe(200);
    expect((await endpointsOf(id)).sort()).toEqual([mine, scripted].sort());
  });
});

describe('a pending e-mail address claims nothing', () => {
  it('its owner can still sign up, and the pending change is then refused with 409', async () => {
    const { c, email, password } = await verifiedUser();
    const victim = uniqueEmail('victim');
    expect((await c.rest('PATCH', '/user', { email: victim, currentPassword: password })).status).toBe(200);
    const link = await smtp.waitForMail(mailTo(victim, /Confirm your new e-mail/));

    const owner = client();
    expect((await owner.rest('POST', '/auth/signup', { name: 'Victim', email: victim, password: 'victim password 1' })).status).toBe(200);
    const confirm = await client().rest('GET', `/auth/verify-email?${verifyQuery(link)}`);
    expect(confirm.status).toBe(409);
    expect(confirm.body).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ email, pendingEmail: null });
    expect((await owner.rest('GET', '/auth/me')).body).toMatchObject({ email: victim });
  });

  it('a cancelled change: the link stops working and the account keeps its address', async () => {
    const { c, email, password } = await verifiedUser();
    const next = uniqueEmail('next');
    await c.rest('PATCH', '/user', { email: next, currentPassword: password });
    const link = await smtp.waitForMail(mailTo(next, /Confirm your new e-mail/));
    const cancelled = await c.trpc('mutation', 'user.cancelEmailChange', {});
    expect(cancelled.status).toBe(200);
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ email, pendingEmail: null });
    expect((await client().rest('GET', `/auth/verify-email?${verifyQuery(link)}`)).status).toBe(400);
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ email });
  });

  it('a newer request retires the older link', async () => {
    const { c, password } = await verifiedUser();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await c.rest('PATCH', '/user', { email: first, currentPassword: password });
    const firstLink = await smtp.waitForMail(mailTo(first, /Confirm your new e-mail/));
    await c.rest('DELETE', '/user/email-change');
    await c.rest('PATCH', '/user', { email: second, currentPassword: password });
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ pendingEmail: second });
    expect((await client().rest('GET', `/auth/verify-email?${verifyQuery(firstLink)}`)).status).toBe(400);
  });
});

describe('what a change of the keys revokes', () => {
  it('a reset by mail ends every session, revokes every token and the calendar feed URL, and drops a pending change', async () => {
    const { c, email, password, id } = await verifiedUser();
    const script = await tokenOf(c);
    const feed = await feedOf(c);
    expect(await calendarFeedBody(getDb(), feed.userId, feed.token)).not.toBeNull();
    await subscribe(c, 'browser');
    await subscribe(script, 'script');
    expect((await c.rest('PATCH', '/user/preferences', { pushRemindersEnabled: true })).status).toBe(200);
    await c.rest('PATCH', '/user', { email: uniqueEmail('pending'), currentPassword: password });

    expect((await client().rest('POST', '/auth/forgot-password', { email })).status).toBe(200);
    const mail = await smtp.waitForMail(mailTo(email, /Reset your Onething password/));
    const url = new URL(linkIn(mail, '/forgot-password/reset'));
    const reset = await client().rest('POST', '/auth/reset-password', {
      email: url.searchParams.get('email'),
      token: url.searchParams.get('token'),
      newPassword: 'after the reset 1',
    });
    expect(reset.status).toBe(200);

    expect((await c.rest('GET', '/auth/me')).status).toBe(401);
    expect((await script.rest('GET', '/tasks')).status).toBe(401);
    expect(await getDb().apiToken.count({ where: { userId: id } })).toBe(0);
    expect(await calendarFeedBody(getDb(), feed.userId, feed.token)).toBeNull();
    expect(await getDb().user.findUniqueOrThrow({ where: { id }, select: { pendingEmail: true } })).toEqual({ pendingEmail: null });
    // Every browser's push subscription goes (no reminder reaches a device that was signed in);
    // the push-reminder switch stays as it was set: a browser that signs in again and allows
    // notifications gets reminders again.
    expect(await endpointsOf(id)).toEqual([]);
    expect(await getDb().user.findUniqueOrThrow({ where: { id }, select: { pushRemindersEnabled: true } })).toEqual({ pushRemindersEnabled: true });
  });

  it('a confirmed e-mail change rotates the calendar feed URL and keeps the sessions', async () => {
    const { c, password } = await verifiedUser();
    const feed = await feedOf(c);
    const next = uniqueEmail('moved');
    await c.rest('PATCH', '/user', { email: next, currentPassword: password });
    const link = await smtp.waitForMail(mailTo(next, /Confirm your new e-mail/));
    expect((await client().rest('GET', `/auth/verify-email?${verifyQuery(link)}`)).body).toEqual({ status: 'verified' });
    expect(await calendarFeedBody(getDb(), feed.userId, feed.token)).toBeNull();
    const fresh = (await c.rest('GET', '/tasks/calendar-feed')).body as { url: string; enabled: boolean };
    expect(fresh.enabled).toBe(true);
    const [, , , userId, file] = new URL(fresh.url).pathname.split('/');
    expect(await calendarFeedBody(getDb(), decodeURIComponent(userId!), file!.replace(/\.ics$/, ''))).not.toBeNull();
  });
});

describe('mails to an address nobody has proven', () => {
  it('carry no text the requester chose: the sign-up name is in neither the verification nor the reset mail', async () => {
    const bait = 'Visit http://evil.example now';
    const email = uniqueEmail('someone-else');
    expect((await client().rest('POST', '/auth/signup', { name: bait, email, password: 'first password here' })).status).toBe(200);
    const verify = await smtp.waitForMail(mailTo(email, /Confirm your e-mail/));
    expect((await client().rest('POST', '/auth/forgot-password', { email })).status).toBe(200);
    const reset = await smtp.waitForMail(mailTo(email, /Reset your Onething password/));
    for (const mail of [verify, reset]) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
      expect(mail.text.startsWith('Hello,')).toBe(true);
    }
  });
});

describe('new passwords', () => {
  it.each([
    ['12345678', 'This password is too common. Please choose another.'],
    ['password', 'This password is too common. Please choose another.'],
    ['Password1', 'This password is too common. Please choose another.'],
    ['        ', 'Password cannot be only spaces'],
  ])('refuses %j at sign-up, reset and change, on both doors, naming the reason', async (password, reason) => {
    const email = uniqueEmail('weak');
    const signup = await client().rest('POST', '/auth/signup', { name: 'Ada', email, password });
    expect(signup.status).toBe(400);
    expect(JSON.stringify(signup.body)).toContain(reason);
    const viaTrpc = await client().trpc('mutation', 'auth.signup', { name: 'Ada', email, password });
    expect(viaTrpc.status).toBe(400);
    expect(JSON.stringify(viaTrpc.body)).toContain(reason);
    expect(await getDb().user.count({ where: { email } })).toBe(0);

    const { c, password: current } = await verifiedUser();
    const change = await c.rest('PATCH', '/user/reset-password', { currentPassword: current, newPassword: password });
    expect(change.status).toBe(400);
    expect(JSON.stringify(change.body)).toContain(reason);
    const reset = await client().rest('POST', '/auth/reset-password', { email, token: 'x'.repeat(43), newPassword: password });
    expect(reset.status).toBe(400);
    expect(JSON.stringify(reset.body)).toContain(reason);
  });

  it('accepts an uncommon passphrase', async () => {
    const email = uniqueEmail('good');
    expect((await client().rest('POST', '/auth/signup', { name: 'Ada', email, password: 'tulips under a wet moon' })).status).toBe(200);
  });
});
