// The account area's calls on both doors: profile (a changed e-mail is verified again),
// preferences, password change (other sessions end, this one continues), deletion (everything
// goes, the session ends), and personal access tokens (shown once, hashed, bearer auth, revoked,
// never another user's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { linkIn, startTestSmtpServer, type ReceivedMail } from '@/test/smtp';
import { TestClient, transcript, trpcData, trpcError } from '@/test/api-client';
import { uniqueEmail } from '@/test/factories';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let ipCounter = 0;

const client = () => {
  ipCounter += 1;
  return new TestClient({ 'x-forwarded-for': `198.51.100.${ipCounter}` });
};

const mailTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address) && /Confirm/.test(mail.subject);

function verifyQuery(mail: ReceivedMail): string {
  const [, , email, token] = new URL(linkIn(mail, '/verify/')).pathname.split('/');
  return `email=${email}&token=${token}`;
}

/** A signed-up, verified user with a cookie session. */
async function verifiedUser(password = 'first password here') {
  const c = client();
  const email = uniqueEmail();
  expect((await c.rest('POST', '/auth/signup', { name: 'Ada', email, password })).status).toBe(200);
  const mail = await smtp.waitForMail(mailTo(email));
  expect((await c.rest('GET', `/auth/verify-email?${verifyQuery(mail)}`)).status).toBe(200);
  const id = ((await c.rest('GET', '/auth/me')).body as { id: string }).id;
  return { c, email, password, id };
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

describe('time zone', () => {
  it('comes from the sign-up call, defaults to UTC, and changes without a password on both doors', async () => {
    const c = client();
    const email = uniqueEmail();
    const signup = await c.rest('POST', '/auth/signup', { name: 'Nora', email, password: 'first password here', timeZone: 'america/new_york' });
    expect(signup.status).toBe(200);
    expect((signup.body as { user: { timeZone: string } }).user.timeZone).toBe('America/New_York');
    const other = client();
    const plain = await other.rest('POST', '/auth/signup', { name: 'Ugo', email: uniqueEmail(), password: 'first password here' });
    expect((plain.body as { user: { timeZone: string } }).user.timeZone).toBe('UTC');

    const { c: verified } = await verifiedUser();
    const rest = await verified.rest('PATCH', '/user', { timeZone: 'Europe/London' });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ timeZone: 'Europe/London' });
    expect(trpcData(await verified.trpc('mutation', 'user.update', { timeZone: 'Asia/Tokyo' }))).toMatchObject({ timeZone: 'Asia/Tokyo' });
    expect((await verified.rest('GET', '/auth/me')).body).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });

  it('refuses an unknown zone with a 400 on both doors, and at sign-up', async () => {
    const { c } = await verifiedUser();
    for (const timeZone of ['Mars/Olympus_Mons', '+05:00', '', 'x'.repeat(300)]) {
      const rest = await c.rest('PATCH', '/user', { timeZone });
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect((await c.rest('PATCH', '/user', { timeZone: 'Mars/Olympus_Mons' })).body).toMatchObject({ message: expect.stringContaining('Unknown time zone') });
    expect(trpcError(await c.trpc('mutation', 'user.update', { timeZone: 'Mars/Olympus_Mons' })).httpStatus).toBe(400);
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ timeZone: 'UTC' });
    const signup = await client().rest('POST', '/auth/signup', { name: 'Zed', email: uniqueEmail(), password: 'first password here', timeZone: 'Nowhere/Land' });
    expect(signup.status).toBe(400);
  });
});

describe('PATCH /api/user (profile)', () => {
  it('changes the name on both doors', async () => {
    const { c } = await verifiedUser();
    const rest = await c.rest('PATCH', '/user', { name: '  Ada King ' });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ name: 'Ada King', emailVerified: true });
    const trpc = await c.trpc('mutation', 'user.update', { name: 'Countess' });
    expect(trpcData(trpc)).toMatchObject({ name: 'Countess' });
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ name: 'Countess' });
  });

  it('a new e-mail is a request: the account keeps its address and access until the link mailed to the new one is opened', async () => {
    const { c, email, password } = await verifiedUser();
    const newEmail = uniqueEmail('new');
    const requested = await c.rest('PATCH', '/user', { email: newEmail.toUpperCase(), currentPassword: password });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ email, emailVerified: true, pendingEmail: newEmail });
    // Full access meanwhile: the account is still verified and can still make tokens.
    expect((await c.rest('POST', '/user/tokens', { name: 'cli' })).status).toBe(200);
    const confirm = await smtp.waitForMail(mailTo(newEmail));
    expect(confirm.to).toEqual([newEmail]);
    expect(confirm.subject).toBe('Confirm your new e-mail address for Onething');
    const notice = await smtp.waitForMail((mail) => mail.to.includes(email) && /change of your Onething e-mail/.test(mail.subject));
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('/account');
    // The old address still signs in; the new one does not yet.
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    expect((await client().rest('POST', '/auth/signin', { email: newEmail, password })).status).toBe(401);

    expect((await client().rest('GET', `/auth/verify-email?${verifyQuery(confirm)}`)).body).toEqual({ status: 'verified' });
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    // The same link again is `already`; the old address no longer signs in, the new one does.
    expect((await client().rest('GET', `/auth/verify-email?${verifyQuery(confirm)}`)).body).toEqual({ status: 'already' });
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(401);
    expect((await client().rest('POST', '/auth/signin', { email: newEmail, password })).status).toBe(200);
  });

  it('an unverified account keeps its own verification link while a change is pending, and the change link verifies the new address', async () => {
    const c = client();
    const email = uniqueEmail();
    const password = 'first password here';
    await c.rest('POST', '/auth/signup', { name: 'Ada', email, password });
    const oldMail = await smtp.waitForMail(mailTo(email));
    const moved = uniqueEmail('moved');
    expect((await c.trpc('mutation', 'user.update', { email: moved, currentPassword: password })).status).toBe(200);
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ email, emailVerified: false, pendingEmail: moved });
    const changeMail = await smtp.waitForMail(mailTo(moved));
    expect((await c.rest('GET', `/auth/verify-email?${verifyQuery(changeMail)}`)).body).toEqual({ status: 'verified' });
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ email: moved, emailVerified: true, pendingEmail: null });
    // The link mailed to the old address no longer acts on the account.
    expect((await c.rest('GET', `/auth/verify-email?${verifyQuery(oldMail)}`)).status).toBe(400);
  });

  it("needs the current password for a new e-mail, refuses another account's address with 409 and an empty or invalid change with 400", async () => {
    const { c, email, password } = await verifiedUser();
    const { email: taken } = await verifiedUser();
    const noPassword = await c.rest('PATCH', '/user', { email: uniqueEmail('x') });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toEqual({ message: 'Please enter your current password to change your email address', code: 'BAD_REQUEST', reason: 'password_required' });
    const wrong = await c.trpc('mutation', 'user.update', { email: uniqueEmail('x'), currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(trpcError(wrong).message).toContain('Current password is incorrect');
    const conflict = await c.rest('PATCH', '/user', { email: taken, currentPassword: password });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT' });
    expect((await c.rest('PATCH', '/user', {})).status).toBe(400);
    expect((await c.rest('PATCH', '/user', { name: '   ' })).status).toBe(400);
    expect((await c.trpc('mutation', 'user.update', { email: 'nope', currentPassword: password })).status).toBe(400);
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ email, pendingEmail: null });
  });

  it('needs a session', async () => {
    expect((await client().rest('PATCH', '/user', { name: 'X' })).status).toBe(401);
    expect((await client().trpc('mutation', 'user.update', { name: 'X' })).status).toBe(401);
  });
});

describe('PATCH /api/user/preferences', () => {
  it('changes exactly one boolean', async () => {
    const { c } = await verifiedUser();
    const off = await c.rest('PATCH', '/user/preferences', { emailRemindersEnabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ emailRemindersEnabled: false, marketingEmailsEnabled: true, newsletterEnabled: true });
    const trpc = await c.trpc('mutation', 'user.updatePreferences', { newsletterEnabled: false });
    expect(trpcData(trpc)).toMatchObject({ emailRemindersEnabled: false, newsletterEnabled: false });
    expect((await c.rest('PATCH', '/user/preferences', { emailRemindersEnabled: true, newsletterEnabled: true })).status).toBe(400);
    expect((await c.rest('PATCH', '/user/preferences', {})).status).toBe(400);
    expect((await c.rest('PATCH', '/user/preferences', { marketingEmailsEnabled: 'no' })).status).toBe(400);
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ emailRemindersEnabled: false, marketingEmailsEnabled: true, newsletterEnabled: false });
  });

  it('turns push reminders on and off (off by default), on both doors', async () => {
    const { c } = await verifiedUser();
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ pushRemindersEnabled: false, emailRemindersEnabled: true });
    const on = await c.rest('PATCH', '/user/preferences', { pushRemindersEnabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ pushRemindersEnabled: true, emailRemindersEnabled: true });
    expect(trpcData(await c.trpc('mutation', 'user.updatePreferences', { pushRemindersEnabled: false }))).toMatchObject({ pushRemindersEnabled: false });
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ pushRemindersEnabled: false });
    const both = await c.rest('PATCH', '/user/preferences', { pushRemindersEnabled: true, emailRemindersEnabled: false });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await c.rest('PATCH', '/user/preferences', { pushRemindersEnabled: 'yes' })).status).toBe(400);
    expect((await c.rest('GET', '/auth/me')).body).toMatchObject({ pushRemindersEnabled: false, emailRemindersEnabled: true });
  });
});

describe('PATCH /api/user/reset-password (change password)', () => {
  it('checks the current password and the length, with clear messages', async () => {
    const { c } = await verifiedUser();
    const wrong = await c.rest('PATCH', '/user/reset-password', { currentPassword: 'not it', newPassword: 'a new password' });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { message: string }).message).toContain('Please check your current password and try again');
    const short = await c.rest('PATCH', '/user/reset-password', { currentPassword: 'first password here', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect((short.body as { message: string }).message).toContain('Password must be at least 8 characters');
  });

  it('ends the other sessions: the old cookie is 401, this device continues with a fresh cookie', async () => {
    const { c, email, password } = await verifiedUser();
    const laptop = client();
    expect((await laptop.rest('POST', '/auth/signin', { email, password })).status).toBe(200);
    const oldCookie = c.cookieHeader();

    const changed = await c.rest('PATCH', '/user/reset-password', { currentPassword: password, newPassword: 'second password here' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true });
    expect(changed.headers.getSetCookie().some((line) => line.startsWith('next-auth.session-token=ey'))).toBe(true);
    expect(c.cookieHeader()).not.toBe(oldCookie);

    expect((await laptop.rest('GET', '/auth/me')).status).toBe(401);
    expect((await client().rest('GET', '/auth/me', undefined, { cookie: oldCookie })).status).toBe(401);
    expect((await c.rest('GET', '/auth/me')).status).toBe(200);

    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(401);
    expect((await client().rest('POST', '/auth/signin', { email, password: 'second password here' })).status).toBe(200);
    // The account's address is told, with the way back if it was not the owner.
    const notice = await smtp.waitForMail((mail) => mail.to.includes(email) && mail.subject === 'Your Onething password was changed');
    expect(notice.text).toContain('http://localhost:3000/forgot-password');
  });

  it('works over tRPC the same way', async () => {
    const { c, email, password } = await verifiedUser();
    const other = client();
    await other.trpc('mutation', 'auth.signin', { email, password });
    const answer = await c.trpc('mutation', 'user.changePassword', { currentPassword: password, newPassword: 'second password here' });
    expect(trpcData(answer)).toEqual({ success: true });
    expect((await other.trpc('query', 'auth.me')).status).toBe(401);
    expect((await c.trpc('query', 'auth.me')).status).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const { c } = await verifiedUser();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await c.rest('PATCH', '/user/reset-password', { currentPassword: `guess ${attempt}`, newPassword: 'whatever long' })).status).toBe(400);
    }
    const limited = await c.rest('PATCH', '/user/reset-password', { currentPassword: 'first password here', newPassword: 'whatever long' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('DELETE /api/user', () => {
  it('removes the user and all their data in one go, clears the cookie, and ends the session', async () => {
    const { c, id, email, password } = await verifiedUser();
    const db = getDb();
    const otherDevice = client();
    await otherDevice.rest('POST', '/auth/signin', { email, password });
    const session = await db.session.create({ data: { userId: id, sessionName: 'Morning' } });
    await db.task.create({ data: { userId: id, title: 'Write', sessionId: session.id } });
    await db.usageCounter.create({ data: { userId: id, month: new Date(Date.UTC(2026, 10, 1)), tasks: 3 } });
    await db.contactMessage.create({ data: { userId: id, name: 'Ada', email, message: 'Hello' } });
    expect((await c.rest('POST', '/user/tokens', { name: 'cli' })).status).toBe(200);
    expect((await c.rest('PUT', '/today/line', { line: 'A good day' })).status).toBe(200);
    expect(await db.dayLine.count({ where: { userId: id } })).toBe(1);
    const cookie = c.cookieHeader();

    const deleted = await c.rest('DELETE', '/user', { password });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect(deleted.headers.getSetCookie().some((line) => /^next-auth\.session-token=;.*Max-Age=0/.test(line))).toBe(true);

    expect((await client().rest('GET', '/auth/me', undefined, { cookie })).status).toBe(401);
    expect((await otherDevice.rest('GET', '/auth/me')).status).toBe(401);
    expect(await db.user.count({ where: { id } })).toBe(0);
    expect(await db.task.count({ where: { userId: id } })).toBe(0);
    expect(await db.session.count({ where: { userId: id } })).toBe(0);
    expect(await db.usageCounter.count({ where: { userId: id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: id } })).toBe(0);
    expect(await db.authToken.count({ where: { userId: id } })).toBe(0);
    expect(await db.dayLine.count({ where: { userId: id } })).toBe(0);
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
    expect((await client().rest('POST', '/auth/signin', { email, password })).status).toBe(401);
  });

  it('works over tRPC, and leaves other users alone', async () => {
    const { c, id, password } = await verifiedUser();
    const { c: other, id: otherId } = await verifiedUser();
    expect(trpcData(await c.trpc('mutation', 'user.delete', { password }))).toEqual({ success: true });
    expect((await c.trpc('query', 'auth.me')).status).toBe(401);
    expect(await getDb().user.count({ where: { id } })).toBe(0);
    expect(await getDb().user.count({ where: { id: otherId } })).toBe(1);
    expect((await other.rest('GET', '/auth/me')).status).toBe(200);
  });

  it('refuses a cross-site request and an API token', async () => {
    const { c, id, password } = await verifiedUser();
    expect((await c.rest('DELETE', '/user', { password }, { origin: 'https://evil.example' })).status).toBe(403);
    const token = ((await c.rest('POST', '/user/tokens', { name: 'cli' })).body as { token: string }).token;
    const bearer = await new TestClient({ authorization: `Bearer ${token}` }).rest('DELETE', '/user', { password });
    expect(bearer.status).toBe(403);
    expect(await getDb().user.count({ where: { id } })).toBe(1);
  });

  it('needs the account password, on both doors: a missing or wrong one changes nothing', async () => {
    const { c, id, password } = await verifiedUser();
    expect((await c.rest('DELETE', '/user')).status).toBe(400);
    const wrong = await c.rest('DELETE', '/user', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Password is incorrect. Your account was not deleted.', code: 'BAD_REQUEST', reason: 'password_incorrect' });
    expect((await c.trpc('mutation', 'user.delete', { password: 'still not it' })).status).toBe(400);
    expect((await c.trpc('mutation', 'user.delete')).status).toBe(400);
    expect(await getDb().user.count({ where: { id } })).toBe(1);
    expect((await c.rest('GET', '/auth/me')).status).toBe(200);
    expect((await c.rest('DELETE', '/user', { password })).status).toBe(200);
    expect(await getDb().user.count({ where: { id } })).toBe(0);
  });
});

describe('personal access tokens', () => {
  it('are shown once, stored hashed, work as Bearer on REST, and record their last use', async () => {
    const { c, id, email } = await verifiedUser();
    const created = await c.rest('POST', '/user/tokens', { name: ' my script ' });
    expect(created.status).toBe(200);
    const body = created.body as { id: string; name: string; prefix: string; token: string; lastUsedAt: string | null; createdAt: string; expiresAt: string | null };
    expect(body.name).toBe('my script');
    expect(body.token).toMatch(/^ot_[A-Za-z0-9_-]{43}$/);
    expect(body.prefix).toBe(body.token.slice(0, 8));
    expect(body.lastUsedAt).toBeNull();

    const row = await getDb().apiToken.findUniqueOrThrow({ where: { id: body.id } });
    expect(row.tokenHash).not.toContain(body.token);
    expect(row.tokenHash).toHaveLength(64);

    const list = await c.rest('GET', '/user/tokens');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: body.id, name: 'my script', prefix: body.prefix, scopes: ['read', 'write'], expiresAt: body.expiresAt, createdAt: body.createdAt, lastUsedAt: null, recentWrites: [] }]);
    expect(list.text).not.toContain(body.token);

    const script = new TestClient({ authorization: `Bearer ${body.token}` });
    const me = await script.rest('GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id, email });
    // Bearer calls are not cross-site requests, whatever Origin they carry.
    expect((await script.rest('PATCH', '/user/preferences', { newsletterEnabled: false }, { origin: 'https://tool.example' })).status).toBe(200);
    const used = (await c.rest('GET', '/user/tokens')).body as { lastUsedAt: string | null }[];
    expect(used[0]!.lastUsedAt).not.toBeNull();

    // A bearer token cannot mint more tokens.
    expect((await script.rest('POST', '/user/tokens', { name: 'more' })).status).toBe(403);
    // Signing out of the browser does not revoke the token.
    await c.rest('POST', '/auth/signout');
    expect((await script.rest('GET', '/auth/me')).status).toBe(200);
  });

  it('stop working once revoked, and another user\u2019s token id is a 404', async () => {
    const { c } = await verifiedUser();
    const { c: mallory } = await verifiedUser();
    const created = (await c.rest('POST', '/user/tokens', { name: 'cli' })).body as { id: string; token: string };
    const script = new TestClient({ authorization: `Bearer ${created.token}` });

    const stolen = await mallory.rest('DELETE', `/user/tokens/${created.id}`);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: 'API token not found', code: 'NOT_FOUND' });
    expect((await mallory.trpc('mutation', 'user.revokeToken', { id: created.id })).status).toBe(404);
    expect((await mallory.rest('GET', '/user/tokens')).body).toEqual([]);
    expect((await script.rest('GET', '/auth/me')).status).toBe(200);

    expect((await c.rest('DELETE', `/user/tokens/${created.id}`)).body).toEqual({ success: true });
    expect((await script.rest('GET', '/auth/me')).status).toBe(401);
    expect((await c.rest('DELETE', `/user/tokens/${created.id}`)).status).toBe(404);
    expect((await c.rest('DELETE', '/user/tokens/no-such-id')).status).toBe(404);
  });

  it('work over tRPC too', async () => {
    const { c } = await verifiedUser();
    const created = trpcData<{ id: string; token: string }>(await c.trpc('mutation', 'user.createToken', { name: 'ci' }));
    expect(created.token.startsWith('ot_')).toBe(true);
    const list = trpcData<{ id: string }[]>(await c.trpc('query', 'user.listTokens'));
    expect(list.map((token) => token.id)).toEqual([created.id]);
    expect(trpcData(await c.trpc('mutation', 'user.revokeToken', { id: created.id }))).toEqual({ success: true });
    expect(trpcData<unknown[]>(await c.trpc('query', 'user.listTokens'))).toEqual([]);
  });

  it('refuse unknown or malformed bearer tokens, even beside a valid cookie', async () => {
    const { c } = await verifiedUser();
    const cookie = c.cookieHeader();
    expect((await new TestClient({ authorization: 'Bearer ot_not-a-real-token' }).rest('GET', '/auth/me')).status).toBe(401);
    expect((await new TestClient({ authorization: 'Bearer ot_nope', cookie }).rest('GET', '/auth/me')).status).toBe(401);
    const unverified = client();
    await unverified.rest('POST', '/auth/signup', { name: 'U', email: uniqueEmail(), password: 'long enough pass' });
    const refused = await unverified.trpc('mutation', 'user.createToken', { name: 'x' });
    expect(refused.status).toBe(403);
    expect(trpcError(refused).message).toBe('Please verify your email address to continue');
  });

  it('are capped at 25 per user', async () => {
    const { c } = await verifiedUser();
    for (let index = 1; index <= 25; index += 1) expect((await c.rest('POST', '/user/tokens', { name: `t${index}` })).status).toBe(200);
    const capped = await c.rest('POST', '/user/tokens', { name: 't26' });
    expect(capped.status).toBe(400);
    expect((capped.body as { message: string }).message).toContain('at most 25 API tokens');
  });
});

describe('answers never carry secrets', () => {
  it('no response contains a password hash or a token hash, and a token secret only in the answer that created it', async () => {
    const db = getDb();
    const hashes = [
      ...(await db.user.findMany({ select: { passwordHash: true } })).map((row) => row.passwordHash),
      ...(await db.authToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash),
      ...(await db.apiToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash),
    ];
    const created = transcript.filter((answer) => answer.status === 200 && /^(POST \/user\/tokens|user\.createToken)$/.test(answer.call));
    const secrets = created.map((answer) => {
      const body = (answer.body as { result?: { data: { token: string } }; token?: string });
      return body.token ?? body.result!.data.token;
    });
    expect(secrets.length).toBeGreaterThanOrEqual(30);
    expect(transcript.length).toBeGreaterThan(100);
    for (const answer of transcript) {
      for (const hash of hashes) expect(answer.text).not.toContain(hash);
      expect(answer.text).not.toMatch(/passwordHash|tokenHash|\$argon2/);
      const shown = secrets.filter((secret) => answer.text.includes(secret));
      expect(shown.length, answer.call).toBeLessThanOrEqual(created.includes(answer) ? 1 : 0);
    }
  });
});
