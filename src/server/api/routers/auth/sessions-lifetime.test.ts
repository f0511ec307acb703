// Browser sessions: signing out ends this device only; "sign out everywhere" ends them all (not
// with an API token); and no session outlives 30 days from its sign-in, however it is re-issued.
import { describe, expect, it } from 'vitest';
import { decodeSessionToken, encodeSessionToken, issueSessionCookie, sessionCookieName } from '@/server/auth/cookie';
import { TestClient } from '@/test/api-client';
import { getDb } from '@/server/db';
import { createUser, uniqueEmail } from '@/test/factories';

let ip = 0;
const client = () => new TestClient({ 'x-forwarded-for': `203.0.113.${(ip++ % 250) + 1}` });
const password = 'tulips under a wet moon';

async function twoDevices() {
  const email = uniqueEmail('devices');
  const laptop = client();
  expect((await laptop.rest('POST', '/auth/signup', { name: 'Ada', email, password })).status).toBe(200);
  const phone = client();
  expect((await phone.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
  return { email, laptop, phone };
}

describe('signing out', () => {
  it('ends this device only: its cookie is refused, the other device stays signed in', async () => {
    const { laptop, phone } = await twoDevices();
    const cookie = laptop.cookieHeader();
    expect((await laptop.rest('POST', '/auth/signout')).status).toBe(200);
    expect((await client().rest('GET', '/auth/me', undefined, { cookie })).status).toBe(401);
    expect((await phone.rest('GET', '/auth/me')).status).toBe(200);
    expect((await phone.trpc('query', 'auth.me')).status).toBe(200);
  });

  it('everywhere ends every browser session on both doors, and a token cannot do it', async () => {
    const { laptop, phone } = await twoDevices();
    const third = client();
    const { email } = { email: ((await laptop.rest('GET', '/auth/me')).body as { email: string }).email };
    expect((await third.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    await getDb().user.update({ where: { id: user.id }, data: { emailVerified: true } });
    const token = ((await laptop.rest('POST', '/user/tokens', { name: 'cli' })).body as { token: string }).token;
    const script = new TestClient({ authorization: `Bearer ${token}` });
    expect((await script.rest('POST', '/auth/signout-everywhere', {})).status).toBe(403);
    expect((await phone.rest('GET', '/auth/me')).status).toBe(200);

    const answer = await laptop.rest('POST', '/auth/signout-everywhere', {});
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((line) => /Max-Age=0/.test(line))).toBe(true);
    for (const device of [laptop, phone, third]) expect((await device.rest('GET', '/auth/me')).status).toBe(401);
    // The script's token is not a browser session: it keeps working.
    expect((await script.rest('GET', '/auth/me')).status).toBe(200);

    const again = client();
    expect((await again.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    expect((await again.trpc('mutation', 'auth.signoutEverywhere', {})).status).toBe(200);
    expect((await again.rest('GET', '/auth/me')).status).toBe(401);
  });
});

describe('a session lasts 30 days from its sign-in', () => {
  it('refuses a token signed in 31 days ago, even freshly re-issued', async () => {
    const user = await createUser();
    const st = Math.floor(Date.now() / 1000) - 31 * 24 * 3600;
    const token = await encodeSessionToken({ sub: user.id, sv: user.sessionVersion, st, sid: 'old-session' });
    expect((await client().rest('GET', '/auth/me', undefined, { cookie: `${sessionCookieName()}=${token}` })).status).toBe(401);
    const recent = await encodeSessionToken({ sub: user.id, sv: user.sessionVersion, st: st + 2 * 24 * 3600, sid: 'recent-session' });
    expect((await client().rest('GET', '/auth/me', undefined, { cookie: `${sessionCookieName()}=${recent}` })).status).toBe(200);
  });

  it('a re-issued cookie keeps its sign-in time and id and expires with the session, not 30 days later', async () => {
    const st = Math.floor(Date.now() / 1000) - 20 * 24 * 3600;
    const headers = new Headers();
    await issueSessionCookie(headers, { id: 'user-1', sessionVersion: 3 }, { signedInAt: st, sessionId: 'kept' });
    const line = headers.getSetCookie()[0]!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(line)![1]);
    expect(maxAge).toBeGreaterThan(10 * 24 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(10 * 24 * 3600);
    const claims = await decodeSessionToken(line.split(';')[0]!.split('=').slice(1).join('='));
    expect(claims).toMatchObject({ sub: 'user-1', sv: 3, st, sid: 'kept' });
  });
});

describe('failed sign-ins', () => {
  it("cannot lock the owner out of a device they signed in on before, while the stranger stays throttled", async () => {
    const email = uniqueEmail('locked');
    const owner = client();
    expect((await owner.rest('POST', '/auth/signup', { name: 'Ada', email, password })).status).toBe(200);
    expect(owner.cookieHeader()).toContain('onething-known-device=');
    await owner.rest('POST', '/auth/signout');

    // A stranger guesses from several addresses until the account's limit answers 429.
    let answer;
    for (let guess = 0; guess < 12; guess += 1) answer = await client().rest('POST', '/auth/signin', { email, password: `guess number ${guess}` });
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password from a new device is held back too ...
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(429);
    // ... but the owner's own device signs in.
    expect((await owner.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    expect((await owner.rest('GET', '/auth/me')).status).toBe(200);
  });

  it("counts a known device's own failures in its bucket", async () => {
    const email = uniqueEmail('device');
    const owner = client();
    await owner.rest('POST', '/auth/signup', { name: 'Ada', email, password });
    for (let guess = 0; guess < 10; guess += 1) expect((await owner.rest('POST', '/auth/signin', { email, password: `typo ${guess}` })).status).toBe(401);
    expect((await owner.rest('POST', '/auth/signin', { email, password })).status).toBe(429);
    // The account's own bucket is untouched: a new device is not locked by the first device's typos.
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(200);
  });

  it("lets a former device's guesses lock only that device, never the owner's other known devices", async () => {
    const { email, laptop, phone } = await twoDevices();
    // A shared computer the owner once signed in on, and whoever uses it now.
    const former = client();
    expect((await former.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    await former.rest('POST', '/auth/signout');
    for (let guess = 0; guess < 10; guess += 1) expect((await former.rest('POST', '/auth/signin', { email, password: `guess ${guess}` })).status).toBe(401);
    expect((await former.rest('POST', '/auth/signin', { email, password })).status).toBe(429);
    // Each known device has its own proof and bucket: the laptop and the phone still sign in ...
    await laptop.rest('POST', '/auth/signout');
    expect((await laptop.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    await phone.rest('POST', '/auth/signout');
    expect((await phone.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    // ... and so does a new device: the account's bucket is untouched.
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(200);
  });

  it('gives each device its own proof, and a copied cookie is no proof after Sign Out Everywhere', async () => {
    const { email, laptop, phone } = await twoDevices();
    const proof = (device: TestClient) => device.jar.get('onething-known-device');
    expect(proof(laptop)).toBeTruthy();
    expect(proof(phone)).toBeTruthy();
    expect(proof(laptop)).not.toBe(proof(phone));
    // Someone keeps a copy of the phone's cookie; the owner signs out everywhere.
    const copy = client();
    copy.jar.set('onething-known-device', proof(phone)!);
    expect((await laptop.rest('POST', '/auth/signout-everywhere', {})).status).toBe(200);
    // The copy is now a new device: its guesses count against the account (10), then the account
    // bucket holds new devices back; the owner's laptop signs in again after a reset by mail.
    for (let guess = 0; guess < 10; guess += 1) expect((await copy.rest('POST', '/auth/signin', { email, password: `guess ${guess}` })).status).toBe(401);
    expect((await copy.rest('POST', '/auth/signin', { email, password })).status).toBe(429);
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(429);
  });

  it('revokes the proofs with a password change, and gives the changing device a fresh one', async () => {
    const { email, laptop, phone } = await twoDevices();
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    await getDb().user.update({ where: { id: user.id }, data: { emailVerified: true } });
    const phoneProof = phone.jar.get('onething-known-device')!;
    const newPassword = 'herons over a quiet canal';
    const changed = await laptop.rest('PATCH', '/user/reset-password', { currentPassword: password, newPassword });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The phone's old proof no longer counts: its guesses now come out of the account's bucket.
    for (let guess = 0; guess < 10; guess += 1) expect((await phone.rest('POST', '/auth/signin', { email, password: `guess ${guess}` })).status).toBe(401);
    expect(phone.jar.get('onething-known-device')).toBe(phoneProof);
    expect((await client().rest('POST', '/auth/signin', { email, password: newPassword })).status).toBe(429);
    // The laptop changed the password: it is known with its fresh proof and signs in.
    await laptop.rest('POST', '/auth/signout');
    expect((await laptop.rest('POST', '/auth/signin', { email, password: newPassword })).status).toBe(200);
  });
});
