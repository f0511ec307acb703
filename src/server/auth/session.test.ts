// Who is calling: the next-auth session cookie issued by the JSON calls (readable by next-auth's
// own getToken), the session version that revokes it, bearer tokens, the cookie name for
// http and https, the cross-site check, and the dispatcher that shares /api/auth/* with next-auth.
import { getToken } from 'next-auth/jwt';
import type { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { createUser } from '@/test/factories';
import { clientIp } from './client-ip';
import { clearSessionCookie, encodeSessionToken, issueSessionCookie, readCookie, sessionCookieName } from './cookie';
import { authOptions } from '@/server/inbound/next-auth';
import { isCrossSiteRequest } from './origin';
import { serveApi } from '@/test/front';
import { getAuthSession } from './session';

const SECRET = process.env.AUTH_SECRET!;

async function cookieFor(user: { id: string; sessionVersion: number }): Promise<string> {
  const headers = new Headers();
  await issueSessionCookie(headers, user);
  return headers.getSetCookie()[0]!.split(';')[0]!;
}

afterEach(() => {
  process.env.APP_URL = 'http://localhost:3000';
  resetEnvCache();
});

describe('getAuthSession', () => {
  it('reads the session cookie and the e-mail verification from the database, at once', async () => {
    const user = await createUser({ emailVerified: false, emailVerifiedAt: null });
    const headers = new Headers({ cookie: `theme=dark; ${await cookieFor(user)}` });
    expect(await getAuthSession(headers, getDb())).toMatchObject({ userId: user.id, emailVerified: false, via: 'cookie' });
    await getDb().user.update({ where: { id: user.id }, data: { emailVerified: true } });
    expect(await getAuthSession(headers, getDb())).toMatchObject({ emailVerified: true });
  });

  it('checks concurrent cookies each against its own user', async () => {
    const db = getDb();
    const unverified = await createUser({ emailVerified: false, emailVerifiedAt: null });
    const verified = await createUser();
    const bumped = await createUser();
    const bumpedHeaders = new Headers({ cookie: await cookieFor(bumped) });
    await db.user.update({ where: { id: bumped.id }, data: { sessionVersion: { increment: 1 } } });
    const cases = [new Headers({ cookie: await cookieFor(unverified) }), new Headers({ cookie: await cookieFor(verified) }), bumpedHeaders];
    const answers = await Promise.all(cases.map((headers) => getAuthSession(headers, db)));
    expect(answers.map((answer) => answer && { userId: answer.userId, emailVerified: answer.emailVerified })).toEqual([
      { userId: unverified.id, emailVerified: false },
      { userId: verified.id, emailVerified: true },
      null,
    ]);
  });

  it('refuses a cookie whose session version was bumped, a deleted user, and a forged or foreign token', async () => {
    const user = await createUser();
    const headers = new Headers({ cookie: await cookieFor(user) });
    await getDb().user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
    expect(await getAuthSession(headers, getDb())).toBeNull();

    const gone = await createUser();
    const goneHeaders = new Headers({ cookie: await cookieFor(gone) });
    await getDb().user.delete({ where: { id: gone.id } });
    expect(await getAuthSession(goneHeaders, getDb())).toBeNull();

    const name = sessionCookieName();
    expect(await getAuthSession(new Headers({ cookie: `${name}=not-a-jwt` }), getDb())).toBeNull();
    const valid = (await cookieFor(user)).split('=')[1]!;
    const tampered = `${valid.slice(0, -4)}AAAA`;
    expect(await getAuthSession(new Headers({ cookie: `${name}=${tampered}` }), getDb())).toBeNull();
    // Signed with another secret: refused.
    process.env.AUTH_SECRET = 'another-secret-that-is-long-enough-0123456789abcdef';
    resetEnvCache();
    const foreign = await cookieFor(await getDb().user.findUniqueOrThrow({ where: { id: user.id } }));
    process.env.AUTH_SECRET = SECRET;
    resetEnvCache();
    expect(await getAuthSession(new Headers({ cookie: foreign }), getDb())).toBeNull();
  });

  it('is null without credentials, and an explicit bearer token wins over the cookie', async () => {
    const user = await createUser();
    expect(await getAuthSession(new Headers(), getDb())).toBeNull();
    const headers = new Headers({ cookie: await cookieFor(user), authorization: 'Bearer ot_unknown' });
    expect(await getAuthSession(headers, getDb())).toBeNull();
    expect(await getAuthSession(new Headers({ authorization: 'Bearer something-else' }), getDb())).toBeNull();
  });

  it('reads an expired session as signed out', async () => {
    const user = await createUser();
    const { encode } = await import('next-auth/jwt');
    const token = await encode({ token: { sub: user.id, sv: 0 }, secret: SECRET, maxAge: -60 });
    expect(await getAuthSession(new Headers({ cookie: `${sessionCookieName()}=${token}` }), getDb())).toBeNull();
  });
});

describe('the session cookie', () => {
  it("is next-auth's own: getToken reads it", async () => {
    const user = await createUser();
    const token = await encodeSessionToken({ sub: user.id, sv: 0 });
    const req = { headers: { cookie: `next-auth.session-token=${token}` }, cookies: { 'next-auth.session-token': token } };
    const decoded = await getToken({ req: req as unknown as NextRequest, secret: SECRET, secureCookie: false });
    expect(decoded).toMatchObject({ sub: user.id, sv: 0 });
  });

  it('is named and flagged for https when APP_URL is https', async () => {
    process.env.APP_URL = 'https://onething.example';
    resetEnvCache();
    expect(sessionCookieName()).toBe('__Secure-next-auth.session-token');
    const headers = new Headers();
    await issueSessionCookie(headers, { id: 'u1', sessionVersion: 0 });
    clearSessionCookie(headers);
    const [issued, cleared] = headers.getSetCookie();
    expect(issued).toMatch(/^__Secure-next-auth\.session-token=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Expires=[^;]+; Secure$/);
    expect(cleared).toMatch(/^__Secure-next-auth\.session-token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0; .*Secure$/);
    expect(authOptions().useSecureCookies).toBe(true);
  });

  it('is plain on http', () => {
    expect(sessionCookieName()).toBe('next-auth.session-token');
    expect(authOptions().useSecureCookies).toBe(false);
  });

  it("is read whole or from next-auth's chunks", () => {
    expect(readCookie(new Headers({ cookie: 'a=1; b=2=3' }), 'b')).toBe('2=3');
    expect(readCookie(new Headers({ cookie: 'x.0=ab; x.1=cd' }), 'x')).toBe('abcd');
    expect(readCookie(new Headers(), 'x')).toBeUndefined();
  });
});

describe("next-auth's callbacks", () => {
  it('put the session version into the token at sign-in and refuse it once revoked', async () => {
    const user = await createUser();
    const jwt = authOptions().callbacks!.jwt!;
    const issued = await jwt({ token: {}, user: { id: user.id, sv: 0 } as never, account: null });
    expect(issued).toEqual({ sub: user.id, sv: 0, st: expect.any(Number), sid: expect.any(String) });
    expect(await jwt({ token: issued, user: undefined as never, account: null })).toEqual(issued);
    await getDb().user.update({ where: { id: user.id }, data: { sessionVersion: 1 } });
    await expect(jwt({ token: issued, user: undefined as never, account: null })).rejects.toThrow('session revoked');
  });

  it('refuse a session signed out on its device, and one signed in more than 30 days ago', async () => {
    const user = await createUser();
    const jwt = authOptions().callbacks!.jwt!;
    const issued = await jwt({ token: {}, user: { id: user.id, sv: 0 } as never, account: null });
    await getDb().endedSession.create({ data: { id: issued.sid as string, userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
    await expect(jwt({ token: issued, user: undefined as never, account: null })).rejects.toThrow('session revoked');
    const old = { ...issued, sid: 'another', st: Math.floor(Date.now() / 1000) - 31 * 24 * 3600 };
    await expect(jwt({ token: old, user: undefined as never, account: null })).rejects.toThrow('session over');
  });
});

describe('cross-site check', () => {
  it('refuses another Origin, and allows APP_URL, the Host itself, and no Origin', () => {
    expect(isCrossSiteRequest(new Headers({ origin: 'https://evil.example', host: 'localhost:3000' }))).toBe(true);
    expect(isCrossSiteRequest(new Headers({ origin: 'null' }))).toBe(true);
    expect(isCrossSiteRequest(new Headers({ 'sec-fetch-site': 'cross-site' }))).toBe(true);
    expect(isCrossSiteRequest(new Headers({ origin: 'http://localhost:3000' }))).toBe(false);
    expect(isCrossSiteRequest(new Headers({ origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }))).toBe(false);
    expect(isCrossSiteRequest(new Headers({ 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossSiteRequest(new Headers())).toBe(false);
  });
});

describe('client address (TRUSTED_PROXIES)', () => {
  const forged = (value: string) => new Headers({ 'x-forwarded-for': value });

  it('with no trusted proxy uses the socket address and never a client-written header', () => {
    expect(clientIp(forged('1.2.3.4'), '198.51.100.9', 0)).toBe('198.51.100.9');
    expect(clientIp(new Headers({ 'x-real-ip': '1.2.3.4' }), '198.51.100.9', 0)).toBe('198.51.100.9');
    // Next's route handlers do not see the socket: a header there may be forged, so no address.
    expect(clientIp(forged('1.2.3.4'), undefined, 0)).toBe('unknown');
    expect(clientIp(new Headers({ 'x-real-ip': '1.2.3.4' }), undefined, 0)).toBe('unknown');
  });

  it('behind N proxies takes the address N hops from the right, whatever the client prepended', () => {
    // One proxy: it appended the client's address (203.0.113.7) after the forged entries.
    expect(clientIp(forged('1.2.3.4, 203.0.113.7'), '10.0.0.2', 1)).toBe('203.0.113.7');
    expect(clientIp(forged('1.2.3.4, 203.0.113.7'), undefined, 1)).toBe('203.0.113.7');
    // Two proxies (a CDN, then a load balancer).
    expect(clientIp(forged('1.2.3.4, 203.0.113.7, 192.0.2.50'), '10.0.0.2', 2)).toBe('203.0.113.7');
    expect(clientIp(forged('1.2.3.4, 203.0.113.7, 192.0.2.50'), undefined, 2)).toBe('203.0.113.7');
  });

  it('takes the leftmost entry when a request carries fewer hops than configured, and unknown for none', () => {
    expect(clientIp(forged('203.0.113.7'), undefined, 3)).toBe('203.0.113.7');
    expect(clientIp(new Headers(), '10.0.0.2', 3)).toBe('10.0.0.2');
    expect(clientIp(new Headers(), undefined, 1)).toBe('unknown');
    expect(clientIp(forged(' , ,'), undefined, 1)).toBe('unknown');
  });

  it('reads TRUSTED_PROXIES from the environment, validated (0 to 10)', async () => {
    const { parseEnv } = await import('@/server/env');
    expect(parseEnv({}).TRUSTED_PROXIES).toBe(0);
    expect(parseEnv({ TRUSTED_PROXIES: '2' }).TRUSTED_PROXIES).toBe(2);
    expect(() => parseEnv({ TRUSTED_PROXIES: '-1' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseEnv({ TRUSTED_PROXIES: 'yes' })).toThrow(/TRUSTED_PROXIES/);
    const saved = process.env.TRUSTED_PROXIES;
    try {
      process.env.TRUSTED_PROXIES = '1';
      resetEnvCache();
      expect(clientIp(forged('1.2.3.4, 203.0.113.7'))).toBe('203.0.113.7');
      process.env.TRUSTED_PROXIES = '0';
      resetEnvCache();
      expect(clientIp(forged('1.2.3.4, 203.0.113.7'))).toBe('unknown');
    } finally {
      process.env.TRUSTED_PROXIES = saved;
      resetEnvCache();
    }
  });
});

describe('/api/auth: REST calls and next-auth side by side', () => {
  it("serves the REST calls through the front, including a form-encoded sign-out from next-auth/react, and leaves next-auth's routes to Next", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user);
    const me = await serveApi(new Request('http://localhost:3000/api/auth/me', { headers: { cookie } }));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: user.id });

    const signout = await serveApi(
      new Request('http://localhost:3000/api/auth/signout', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
        body: 'csrfToken=abc&callbackUrl=%2F&json=true',
      }),
    );
    expect(signout.status).toBe(200);
    expect(await signout.json()).toEqual({ success: true });
    expect((await serveApi(new Request('http://localhost:3000/api/auth/me', { headers: { cookie } }))).status).toBe(401);
    // The stand-in for Next's handler (src/test/front.ts) answers these.
    for (const path of ['/api/auth/session', '/api/auth/csrf', '/api/auth/providers']) {
      expect(await (await serveApi(new Request(`http://localhost:3000${path}`))).text(), path).toBe('next');
    }
  });
});
