// Accounts, as a person and a REST client meet them: sign up, receive the verification mail from
// a real SMTP server, open its link, sign in and out; forgotten passwords from the received link;
// expiry and reuse of links; rate limits; the 60 s resend cooldown; SMTP failures; and no answer
// ever carrying a hash or a secret. Every call on both doors (REST and tRPC).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { linkIn, startTestSmtpServer, type ReceivedMail } from '@/test/smtp';
import { TestClient, transcript, trpcData, trpcError } from '@/test/api-client';
import { consumeRateLimit, rateLimitKey, RATE_LIMITS } from '@/server/services/rate-limit.service';
import { uniqueEmail } from '@/test/factories';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let ipCounter = 0;

/** A client from its own address, so per-IP limits of one test do not touch another. */
function client(): TestClient {
  ipCounter += 1;
  return new TestClient({ 'x-forwarded-for': `203.0.113.${ipCounter}` });
}

function verifyParts(mail: ReceivedMail): { email: string; token: string; link: string } {
  const link = linkIn(mail, '/verify/');
  const url = new URL(link);
  const [, verify, email, token] = url.pathname.split('/');
  expect(verify).toBe('verify');
  return { email: decodeURIComponent(email!), token: decodeURIComponent(token!), link };
}

function resetParts(mail: ReceivedMail): { email: string; token: string; link: string } {
  const link = linkIn(mail, '/forgot-password/reset');
  const url = new URL(link);
  return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')!, link };
}

const mailTo = (address: string, subject: RegExp) => (mail: ReceivedMail) => mail.to.includes(address) && subject.test(mail.subject);

async function signUp(c: TestClient, email = uniqueEmail(), password = 'correct horse battery') {
  const answer = await c.rest('POST', '/auth/signup', { name: 'Ada Lovelace', email, password });
  expect(answer.status).toBe(200);
  return { email, password, answer };
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

describe('sign-up to a verified sign-in, from the received mail', () => {
  it('works over REST with a cookie jar', async () => {
    const c = client();
    const email = uniqueEmail('Ada');
    const signup = await c.rest('POST', '/auth/signup', { name: '  Ada Lovelace ', email: `  ${email.toUpperCase()} `, password: 'correct horse battery' });
    expect(signup.status).toBe(200);
    const cookie = signup.headers.getSetCookie().find((line) => line.startsWith('next-auth.session-token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const body = signup.body as { user: Record<string, unknown>; verificationEmailSent: boolean };
    expect(body.verificationEmailSent).toBe(true);
    expect(body.user).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      email: email.toLowerCase(),
      emailVerified: false,
      subscriptionTier: 'free',
      tasksCreatedThisMonth: 0,
      timeZone: 'UTC',
      sessionsCreatedThisMonth: 0,
      aiBreakdownsThisMonth: 0,
      aiSessionsThisMonth: 0,
      emailRemindersEnabled: true,
      marketingEmailsEnabled: true,
      newsletterEnabled: true,
      pushRemindersEnabled: false,
      limits: { tasks: 40, sessions: 20, aiBreakdowns: 5, aiSessions: 5 },
      subscriptionStatus: null,
      cancelAtPeriodEnd: false,
      subscriptionPeriodEnd: null,
      pendingEmail: null,
      createdAt: expect.any(String),
    });

    // Signed in, not verified: me works, app data is refused.
    const me = await c.rest('GET', '/auth/me');
    expect(me.status).toBe(200);
    expect((me.body as { emailVerified: boolean }).emailVerified).toBe(false);
    const refused = await c.rest('POST', '/user/tokens', { name: 'cli' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Please verify your email address to continue', code: 'FORBIDDEN', reason: 'email_unverified' });

    // The mail arrives with a link on APP_URL that carries the address and a token.
    const mail = await smtp.waitForMail(mailTo(email.toLowerCase(), /Confirm your e-mail/));
    const { email: linkEmail, token, link } = verifyParts(mail);
    expect(link.startsWith('http://localhost:3000/verify/')).toBe(true);
    expect(linkEmail).toBe(email.toLowerCase());
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    // Stored only as a hash.
    const stored = await getDb().authToken.findMany({ where: { email: email.toLowerCase() } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const verified = await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(linkEmail)}&token=${encodeURIComponent(token)}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ status: 'verified' });
    const again = await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(linkEmail)}&token=${encodeURIComponent(token)}`);
    expect(again.body).toEqual({ status: 'already' });

    // Verification takes effect on the same cookie at once.
    expect(((await c.rest('GET', '/auth/me')).body as { emailVerified: boolean }).emailVerified).toBe(true);
    expect((await c.rest('POST', '/user/tokens', { name: 'cli' })).status).toBe(200);

    // Sign out, then sign in with the same password.
    const out = await c.rest('POST', '/auth/signout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(out.headers.getSetCookie().some((line) => /^next-auth\.session-token=;.*Max-Age=0/.test(line))).toBe(true);
    expect((await c.rest('GET', '/auth/me')).status).toBe(401);
    const signin = await c.rest('POST', '/auth/signin', { email: email.toUpperCase(), password: 'correct horse battery' });
    expect(signin.status).toBe(200);
    expect((signin.body as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    expect((await c.rest('GET', '/auth/me')).status).toBe(200);
  });

  it('works over tRPC, cookies included', async () => {
    const c = client();
    const email = uniqueEmail();
    const signup = await c.trpc('mutation', 'auth.signup', { name: 'Grace', email, password: 'a long passphrase' });
    expect(signup.status).toBe(200);
    expect(trpcData<{ user: { email: string } }>(signup).user.email).toBe(email);
    expect(c.jar.has('next-auth.session-token')).toBe(true);
    expect(trpcData<{ emailVerified: boolean }>(await c.trpc('query', 'auth.me')).emailVerified).toBe(false);

    const { token } = verifyParts(await smtp.waitForMail(mailTo(email, /Confirm/)));
    expect(trpcData(await c.trpc('query', 'auth.verifyEmail', { email, token }))).toEqual({ status: 'verified' });
    expect(trpcData<{ emailVerified: boolean }>(await c.trpc('query', 'auth.me')).emailVerified).toBe(true);

    expect(trpcData(await c.trpc('mutation', 'auth.signout'))).toEqual({ success: true });
    const me = await c.trpc('query', 'auth.me');
    expect(me.status).toBe(401);
    expect(trpcError(me).message).toBe('Please sign in to continue');

    const signin = await c.trpc('mutation', 'auth.signin', { email, password: 'a long passphrase' });
    expect(signin.status).toBe(200);
    expect(trpcData<{ email: string }>(await c.trpc('query', 'auth.me')).email).toBe(email);
  });

  it('refuses an address that already has an account with 409, on both doors', async () => {
    const { email } = await signUp(client());
    const rest = await client().rest('POST', '/auth/signup', { name: 'Other', email: email.toUpperCase(), password: 'another password' });
    expect(rest.status).toBe(409);
    expect(rest.body).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
    const trpc = await client().trpc('mutation', 'auth.signup', { name: 'Other', email, password: 'another password' });
    expect(trpc.status).toBe(409);
  });

  it('needs a password of at least 8 characters and every field, with the product’s messages', async () => {
    const short = await client().rest('POST', '/auth/signup', { name: 'Ada', email: uniqueEmail(), password: 'short' });
    expect(short.status).toBe(400);
    expect((short.body as { message: string }).message).toContain('Password must be at least 8 characters');
    const missing = await client().rest('POST', '/auth/signup', { email: uniqueEmail(), password: 'long enough' });
    expect(missing.status).toBe(400);
    expect((missing.body as { message: string }).message).toContain('Please fill in all fields');
    const bad = await client().trpc('mutation', 'auth.signup', { name: 'Ada', email: 'not-an-email', password: 'long enough' });
    expect(bad.status).toBe(400);
  });

  it('stores passwords as argon2id hashes', async () => {
    const { email, password } = await signUp(client());
    const row = await getDb().user.findUniqueOrThrow({ where: { email } });
    expect(row.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row.passwordHash).not.toContain(password);
  });
});

describe('sign-in', () => {
  it('answers the same 401 for an unknown address and a wrong password, on both doors', async () => {
    const { email } = await signUp(client());
    const wrong = await client().rest('POST', '/auth/signin', { email, password: 'not the password' });
    const unknown = await client().rest('POST', '/auth/signin', { email: uniqueEmail(), password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const trpc = await client().trpc('mutation', 'auth.signin', { email, password: 'not the password' });
    expect(trpc.status).toBe(401);
    expect(trpcError(trpc).message).toBe('Invalid email or password');
  });

  it('limits failed sign-ins to 10 per account per 15 minutes: the 11th is 429 with Retry-After', async () => {
    const { email, password } = await signUp(client());
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      // From different addresses: the per-account limit holds regardless.
      expect((await client().rest('POST', '/auth/signin', { email, password: `wrong ${attempt}` })).status).toBe(401);
    }
    const limited = await client().rest('POST', '/auth/signin', { email, password: 'wrong 11' });
    expect(limited.status).toBe(429);
    expect((limited.body as { code: string }).code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits: guessing cannot continue until the window passes.
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(429);
    const trpc = await client().trpc('mutation', 'auth.signin', { email, password });
    expect(trpc.status).toBe(429);
    expect(Number(trpc.headers.get('retry-after'))).toBeGreaterThan(0);
    // An unknown address is limited the same way, so a 429 reveals nothing.
    const unknown = uniqueEmail();
    for (let attempt = 1; attempt <= 10; attempt += 1) await client().rest('POST', '/auth/signin', { email: unknown, password: 'guess' });
    expect((await client().rest('POST', '/auth/signin', { email: unknown, password: 'guess' })).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const c = client();
    const { email, password } = await signUp(c);
    for (let attempt = 1; attempt <= 12; attempt += 1) expect((await c.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
  });

  it('limits failed sign-ins to 100 per IP per 15 minutes', async () => {
    const c = client();
    const ip = c.headers.get('x-forwarded-for')!;
    for (let hit = 0; hit < 100; hit += 1) {
      await consumeRateLimit(getDb(), { key: rateLimitKey('signin:ip', ip), ...RATE_LIMITS.signinPerIp });
    }
    const limited = await c.rest('POST', '/auth/signin', { email: uniqueEmail(), password: 'whatever it is' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sign-ups to 30 per IP per hour', async () => {
    const c = client();
    const ip = c.headers.get('x-forwarded-for')!;
    for (let hit = 0; hit < 30; hit += 1) await consumeRateLimit(getDb(), { key: rateLimitKey('signup:ip', ip), ...RATE_LIMITS.signupPerIp });
    const limited = await c.rest('POST', '/auth/signup', { name: 'Ada', email: uniqueEmail(), password: 'long enough' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});

describe('sign-out', () => {
  it('ends the session server-side: the old cookie is refused afterwards', async () => {
    const c = client();
    await signUp(c);
    const stolen = c.cookieHeader();
    expect((await c.rest('POST', '/auth/signout')).status).toBe(200);
    const replay = await client().rest('GET', '/auth/me', undefined, { cookie: stolen });
    expect(replay.status).toBe(401);
  });

  it('answers success when already signed out', async () => {
    expect((await client().rest('POST', '/auth/signout')).body).toEqual({ success: true });
  });
});

describe('staying signed in', () => {
  it('me re-issues a session cookie older than a day, and leaves a fresh one alone', async () => {
    const c = client();
    const { email } = await signUp(c);
    const fresh = await c.rest('GET', '/auth/me');
    expect(fresh.headers.getSetCookie()).toEqual([]);

    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    const { encode } = await import('next-auth/jwt');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000));
    const old = await encode({ token: { sub: user.id, sv: user.sessionVersion }, secret: process.env.AUTH_SECRET!, maxAge: 30 * 24 * 60 * 60 });
    vi.useRealTimers();
    const aged = client();
    aged.jar.set('next-auth.session-token', old);
    const answer = await aged.rest('GET', '/auth/me');
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((line) => line.startsWith('next-auth.session-token=ey'))).toBe(true);
    expect(aged.jar.get('next-auth.session-token')).not.toBe(old);
    expect((await aged.rest('GET', '/auth/me')).status).toBe(200);
  });
});

describe('verification links', () => {
  it('refuse a wrong token, a token for another address and an expired token', async () => {
    const c = client();
    const { email } = await signUp(c);
    const { token } = verifyParts(await smtp.waitForMail(mailTo(email, /Confirm/)));
    const wrong = await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(email)}&token=not-the-token`);
    expect(wrong.status).toBe(400);
    expect((wrong.body as { message: string }).message).toMatch(/invalid or has expired/);
    const otherAddress = await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(uniqueEmail())}&token=${token}`);
    expect(otherAddress.status).toBe(400);
    const missing = await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(email)}`);
    expect(missing.status).toBe(400);

    await getDb().authToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(email)}&token=${token}`);
    expect(expired.status).toBe(400);
    const trpc = await c.trpc('query', 'auth.verifyEmail', { email, token });
    expect(trpc.status).toBe(400);
    expect(((await c.rest('GET', '/auth/me')).body as { emailVerified: boolean }).emailVerified).toBe(false);
  });

  it('resend has a 60 s cooldown on the server, sends a new link and retires the old one', async () => {
    const c = client();
    const { email } = await signUp(c);
    const first = verifyParts(await smtp.waitForMail(mailTo(email, /Confirm/)));

    const tooSoon = await c.rest('POST', '/auth/resend-verification');
    expect(tooSoon.status).toBe(429);
    const wait = Number(tooSoon.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await c.trpc('mutation', 'auth.resendVerification')).status).toBe(429);

    // A minute later.
    await getDb().user.update({ where: { email }, data: { lastVerificationSentAt: new Date(Date.now() - 61_000) } });
    const resent = await c.rest('POST', '/auth/resend-verification');
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ success: true });
    const mails = () => smtp.mails.filter(mailTo(email, /Confirm/));
    await expect.poll(() => mails().length).toBe(2);
    const second = verifyParts(mails()[1]!);
    expect(second.token).not.toBe(first.token);

    expect((await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(email)}&token=${first.token}`)).status).toBe(400);
    expect((await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(email)}&token=${second.token}`)).body).toEqual({ status: 'verified' });
    // The old link, once the address is verified, says so instead of failing.
    expect((await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(email)}&token=${first.token}`)).body).toEqual({ status: 'already' });

    const done = await c.trpc('mutation', 'auth.resendVerification');
    expect(done.status).toBe(400);
    expect(trpcError(done).message).toBe('Your email is already verified');
  });

  it('resend needs a signed-in user', async () => {
    expect((await client().rest('POST', '/auth/resend-verification')).status).toBe(401);
  });

  it('sends at most 5 verification mails per address per hour', async () => {
    const c = client();
    const { email } = await signUp(c);
    await smtp.waitForMail(mailTo(email, /Confirm/));
    for (let send = 2; send <= 5; send += 1) {
      await getDb().user.update({ where: { email }, data: { lastVerificationSentAt: new Date(Date.now() - 61_000) } });
      expect((await c.rest('POST', '/auth/resend-verification')).status).toBe(200);
    }
    await getDb().user.update({ where: { email }, data: { lastVerificationSentAt: new Date(Date.now() - 61_000) } });
    const limited = await c.rest('POST', '/auth/resend-verification');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    // The refused send mailed nothing.
    expect(smtp.mails.filter(mailTo(email, /Confirm/))).toHaveLength(5);
  });
});

describe('forgot and reset', () => {
  it('answers the same whether or not the account exists, and mails a one-time link', async () => {
    const c = client();
    const { email, password } = await signUp(c);
    const otherDevice = client();
    expect((await otherDevice.rest('POST', '/auth/signin', { email, password })).status).toBe(200);

    const unknown = await client().rest('POST', '/auth/forgot-password', { email: uniqueEmail() });
    const known = await client().rest('POST', '/auth/forgot-password', { email: email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({ success: true });
    expect(known.body).toEqual(unknown.body);

    const mail = await smtp.waitForMail(mailTo(email, /Reset your Onething password/));
    const { email: linkEmail, token, link } = resetParts(mail);
    expect(link.startsWith('http://localhost:3000/forgot-password/reset?')).toBe(true);
    expect(linkEmail).toBe(email);

    const short = await client().rest('POST', '/auth/reset-password', { email, token, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect((short.body as { message: string }).message).toContain('Password must be at least 8 characters');

    const reset = await client().rest('POST', '/auth/reset-password', { email: linkEmail, token, newPassword: 'a brand new password' });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });

    // Every earlier session ended; the old password is gone, the new one works.
    expect((await c.rest('GET', '/auth/me')).status).toBe(401);
    expect((await otherDevice.rest('GET', '/auth/me')).status).toBe(401);
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(401);
    const fresh = client();
    expect((await fresh.rest('POST', '/auth/signin', { email, password: 'a brand new password' })).status).toBe(200);
    // Opening the reset link proved the mailbox.
    expect(((await fresh.rest('GET', '/auth/me')).body as { emailVerified: boolean }).emailVerified).toBe(true);

    // The link works once.
    const reuse = await client().rest('POST', '/auth/reset-password', { email, token, newPassword: 'yet another password' });
    expect(reuse.status).toBe(400);
    expect((reuse.body as { message: string }).message).toBe('This reset link is invalid or has expired. Please ask for a new one.');
  });

  it('works over tRPC, and an expired link is refused', async () => {
    const { email } = await signUp(client());
    expect(trpcData(await client().trpc('mutation', 'auth.forgotPassword', { email }))).toEqual({ success: true });
    const { token } = resetParts(await smtp.waitForMail(mailTo(email, /Reset your/)));
    await getDb().authToken.updateMany({ where: { email, kind: 'reset_password' }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = await client().trpc('mutation', 'auth.resetPassword', { email, token, newPassword: 'a brand new password' });
    expect(expired.status).toBe(400);
    expect(trpcError(expired).message).toMatch(/invalid or has expired/);

    await getDb().user.update({ where: { email }, data: {} });
    expect((await client().trpc('mutation', 'auth.forgotPassword', { email })).status).toBe(200);
    const second = await smtp.waitForMail((mail) => mailTo(email, /Reset your/)(mail) && !mail.text.includes(token));
    const fresh = resetParts(second);
    const ok = await client().trpc('mutation', 'auth.resetPassword', { email, token: fresh.token, newPassword: 'a brand new password' });
    expect(ok.status).toBe(200);
    expect((await client().rest('POST', '/auth/signin', { email, password: 'a brand new password' })).status).toBe(200);
  });

  it('a newer reset mail retires the older link, and a token for one address does not reset another', async () => {
    const { email } = await signUp(client());
    const { email: other } = await signUp(client());
    await client().rest('POST', '/auth/forgot-password', { email });
    const first = resetParts(await smtp.waitForMail(mailTo(email, /Reset your/)));
    expect((await client().rest('POST', '/auth/reset-password', { email: other, token: first.token, newPassword: 'hijack attempt' })).status).toBe(400);
    await client().rest('POST', '/auth/forgot-password', { email });
    await expect.poll(() => smtp.mails.filter(mailTo(email, /Reset your/)).length).toBe(2);
    expect((await client().rest('POST', '/auth/reset-password', { email, token: first.token, newPassword: 'a brand new password' })).status).toBe(400);
  });

  it('limits reset mails to 5 per address per hour, whether or not the account exists', async () => {
    for (const email of [(await signUp(client())).email, uniqueEmail()]) {
      for (let send = 1; send <= 5; send += 1) expect((await client().rest('POST', '/auth/forgot-password', { email })).status).toBe(200);
      const limited = await client().rest('POST', '/auth/forgot-password', { email });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('forgets the failed sign-ins of an account once its password is reset', async () => {
    const { email } = await signUp(client());
    for (let attempt = 1; attempt <= 10; attempt += 1) await client().rest('POST', '/auth/signin', { email, password: 'attacker guess' });
    expect((await client().rest('POST', '/auth/signin', { email, password: 'attacker guess' })).status).toBe(429);
    await client().rest('POST', '/auth/forgot-password', { email });
    const { token } = resetParts(await smtp.waitForMail(mailTo(email, /Reset your/)));
    expect((await client().rest('POST', '/auth/reset-password', { email, token, newPassword: 'owner picks this' })).status).toBe(200);
    expect((await client().rest('POST', '/auth/signin', { email, password: 'owner picks this' })).status).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuse a write from another origin on both doors, and allow our own', async () => {
    const c = client();
    const { email, password } = await signUp(c);
    const evil = { origin: 'https://evil.example' };
    const rest = await c.rest('POST', '/auth/signout', undefined, evil);
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
    expect((await c.trpc('mutation', 'auth.signout', undefined, evil)).status).toBe(403);
    expect((await client().rest('POST', '/auth/signin', { email, password }, evil)).status).toBe(403);
    expect((await client().rest('POST', '/auth/signin', { email, password }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    // Still signed in: the forged sign-out did nothing.
    expect((await c.rest('GET', '/auth/me')).status).toBe(200);
    expect((await c.rest('POST', '/auth/signin', { email, password }, { origin: 'http://localhost:3000' })).status).toBe(200);
    expect((await c.rest('POST', '/auth/signin', { email, password }, { origin: 'http://app.internal:8080', host: 'app.internal:8080' })).status).toBe(200);
  });
});

describe('when the mail server is down', () => {
  it('signs the new account up anyway, answers 503 on resend, and loses nothing', async () => {
    const down = await startTestSmtpServer();
    await down.close();
    process.env.SMTP_URL = down.url;
    resetEnvCache();
    try {
      const c = client();
      const email = uniqueEmail();
      const signup = await c.rest('POST', '/auth/signup', { name: 'Ada', email, password: 'long enough pass' });
      expect(signup.status).toBe(200);
      expect((signup.body as { verificationEmailSent: boolean }).verificationEmailSent).toBe(false);
      expect((await c.rest('GET', '/auth/me')).status).toBe(200);
      const before = await getDb().user.findUniqueOrThrow({ where: { email } });
      expect(before.lastVerificationSentAt).toBeNull();

      const resend = await c.rest('POST', '/auth/resend-verification');
      expect(resend.status).toBe(503);
      expect(resend.body).toEqual({ message: 'Email could not be sent right now. Please try again later.', code: 'SERVICE_UNAVAILABLE' });
      const trpc = await c.trpc('mutation', 'auth.resendVerification');
      expect(trpc.status).toBe(503);
      expect(trpcError(trpc).message).toBe('Email could not be sent right now. Please try again later.');

      const after = await getDb().user.findUniqueOrThrow({ where: { email } });
      expect(after.lastVerificationSentAt).toBeNull();
      expect(after.passwordHash).toBe(before.passwordHash);
      expect(await getDb().authToken.count({ where: { userId: after.id, usedAt: null } })).toBe(0);
      // Forgot-password answers as always (the failure is logged).
      expect((await client().rest('POST', '/auth/forgot-password', { email })).status).toBe(200);

      // SMTP is back: the resend works at once (no cooldown was spent on the failure).
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
      expect((await c.rest('POST', '/auth/resend-verification')).status).toBe(200);
      const { token } = verifyParts(await smtp.waitForMail(mailTo(email, /Confirm/)));
      expect((await c.rest('GET', `/auth/verify-email?email=${encodeURIComponent(email)}&token=${token}`)).body).toEqual({ status: 'verified' });
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
    }
  });
});

describe('answers never carry secrets', () => {
  it('no response body contains a password hash, a token hash or a mailed token', async () => {
    const db = getDb();
    const secrets = [
      ...(await db.user.findMany({ select: { passwordHash: true } })).map((row) => row.passwordHash),
      ...(await db.authToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash),
      ...(await db.apiToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash),
    ];
    const mailed = smtp.mails.flatMap((mail) => [...mail.text.matchAll(/token=([\w-]+)|\/verify\/[^/\s]+\/([\w-]+)/g)].map((match) => match[1] ?? match[2]!));
    expect(secrets.length).toBeGreaterThan(10);
    expect(mailed.length).toBeGreaterThan(5);
    expect(transcript.length).toBeGreaterThan(50);
    for (const answer of transcript) {
      for (const secret of [...secrets, ...mailed]) expect(answer.text).not.toContain(secret);
      expect(answer.text).not.toMatch(/passwordHash|tokenHash|\$argon2/);
    }
  });
});
