// Every error a client acts on carries its machine-readable `reason`, on both doors and over the
// wire as a browser meets them: in the REST body and in tRPC's `error.data` (the errorFormatter),
// the same for the same failure. The client decides by these (src/lib/api-error.ts), so a
// changed message text or plan limit can never silently break a dialog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REASONS } from '@/lib/error-reasons';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { RATE_LIMITS, rateLimitKey } from '@/server/services/rate-limit.service';
import { monthStart } from '@/server/services/usage.service';
import { TestClient, type Answer } from '@/test/api-client';
import { uniqueEmail } from '@/test/factories';
import { startTestSmtpServer } from '@/test/smtp';
import { openApiDocument } from './openapi';

const db = getDb();
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let ip = 0;
const client = (headers: HeadersInit = {}) => {
  ip += 1;
  return new TestClient({ 'x-forwarded-for': `203.0.113.${(ip % 250) + 1}`, ...headers });
};

/** A signed-in browser (session cookie) of a new account, verified unless asked otherwise. */
async function signedIn({ verified = true } = {}) {
  const c = client();
  const email = uniqueEmail('reason');
  const password = 'correct horse battery';
  expect((await c.rest('POST', '/auth/signup', { name: 'Ada', email, password })).status).toBe(200);
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  if (verified) await db.user.update({ where: { id: user.id }, data: { emailVerified: true, emailVerifiedAt: new Date() } });
  return { c, user, password };
}

/** The failure's status and body on the REST door, and the same call's on the tRPC door. */
function restFailure(answer: Answer) {
  return { status: answer.status, ...(answer.body as { code: string; reason?: string; message: string }) };
}
function trpcFailure(answer: Answer) {
  const error = (answer.body as { error: { message: string; data: { code: string; httpStatus: number; reason?: string } } }).error;
  return { status: answer.status, code: error.data.code, reason: error.data.reason, message: error.message, httpStatus: error.data.httpStatus };
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

describe('machine-readable reasons on both doors', () => {
  it('task_limit: the 41st task of a Free month', async () => {
    const { c, user } = await signedIn();
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), tasks: 40 } });
    const rest = restFailure(await c.rest('POST', '/tasks', { title: 'One too many' }));
    expect(rest).toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'task_limit' });
    const trpc = trpcFailure(await c.trpc('mutation', 'task.create', { title: 'One too many' }));
    expect(trpc).toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'task_limit', message: rest.message });
  });

  it('session_limit: the 21st session of a Free month', async () => {
    const { c, user } = await signedIn();
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), sessions: 20 } });
    const input = { sessionName: 'Late', selectedTaskIds: [], displayMode: 'clock' };
    const rest = restFailure(await c.rest('POST', '/sessions', input));
    expect(rest).toMatchObject({ status: 403, reason: 'session_limit' });
    expect(trpcFailure(await c.trpc('mutation', 'session.create', input))).toMatchObject({ status: 403, reason: 'session_limit' });
  });

  it('ai_session_limit: the 6th AI session of a Free month', async () => {
    const { c, user } = await signedIn();
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), sessions: 5, aiSessions: 5 } });
    expect(restFailure(await c.rest('POST', '/sessions/ai-generate', { focusMode: 'relaxed' }))).toMatchObject({ status: 403, reason: 'ai_session_limit' });
    expect(trpcFailure(await c.trpc('mutation', 'ai.generate', { focusMode: 'relaxed' }))).toMatchObject({ status: 403, reason: 'ai_session_limit' });
  });

  it('ai_breakdown_limit: the 6th AI breakdown of a Free month', async () => {
    const { c, user } = await signedIn();
    const task = await db.task.create({ data: { userId: user.id, title: 'Write the report', difficulty: 'Hard' } });
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), aiBreakdowns: 5 } });
    expect(restFailure(await c.rest('POST', `/tasks/${task.id}/breakdown`, { description: 'One more.' }))).toMatchObject({
      status: 403,
      reason: 'ai_breakdown_limit',
    });
    expect(trpcFailure(await c.trpc('mutation', 'ai.breakdown', { id: task.id, description: 'One more.' }))).toMatchObject({
      status: 403,
      reason: 'ai_breakdown_limit',
    });
  });

  it('rate_limited: every 429 (here the AI planning limit) says so beside Retry-After', async () => {
    const { c, user } = await signedIn();
    const key = rateLimitKey('ai-plan', user.id);
    await db.rateLimitHit.createMany({ data: Array.from({ length: RATE_LIMITS.aiPlanPerUser.limit }, () => ({ key, createdAt: new Date() })) });
    const plan = { mood: 'focused', displayMode: 'clock' };
    const rest = await c.rest('POST', '/sessions/ai-plan', plan);
    expect(restFailure(rest)).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', reason: 'rate_limited' });
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(trpcFailure(await c.trpc('mutation', 'ai.plan', plan))).toMatchObject({ status: 429, reason: 'rate_limited' });
  });

  it('rate_limited: too many failed sign-ins', async () => {
    const email = uniqueEmail('guess');
    for (let attempt = 1; attempt <= 10; attempt += 1) await client().rest('POST', '/auth/signin', { email, password: `wrong ${attempt}` });
    expect(restFailure(await client().rest('POST', '/auth/signin', { email, password: 'wrong' }))).toMatchObject({ status: 429, reason: 'rate_limited' });
    expect(trpcFailure(await client().trpc('mutation', 'auth.signin', { email, password: 'wrong' }))).toMatchObject({ status: 429, reason: 'rate_limited' });
  });

  it('email_unverified: app data before the e-mail is verified', async () => {
    const { c } = await signedIn({ verified: false });
    expect(restFailure(await c.rest('GET', '/tasks'))).toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'email_unverified' });
    expect(trpcFailure(await c.trpc('query', 'task.list', {}))).toMatchObject({ status: 403, reason: 'email_unverified' });
  });

  it('password_incorrect and password_required: an e-mail change without the right current password', async () => {
    const { c } = await signedIn();
    const email = uniqueEmail('moved');
    expect(restFailure(await c.rest('PATCH', '/user', { email }))).toMatchObject({ status: 400, reason: 'password_required' });
    expect(trpcFailure(await c.trpc('mutation', 'user.update', { email }))).toMatchObject({ status: 400, reason: 'password_required' });
    expect(restFailure(await c.rest('PATCH', '/user', { email, currentPassword: 'not it at all' }))).toMatchObject({ status: 400, reason: 'password_incorrect' });
    expect(trpcFailure(await c.trpc('mutation', 'user.update', { email, currentPassword: 'not it at all' }))).toMatchObject({
      status: 400,
      reason: 'password_incorrect',
    });
  });

  it('a failure no client acts on has no reason (a 404, a 400 of invalid input)', async () => {
    const { c } = await signedIn();
    const missing = await c.rest('GET', '/sessions/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).not.toHaveProperty('reason');
    const invalid = await c.rest('POST', '/tasks', { title: '' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).not.toHaveProperty('reason');
  });

  it('the OpenAPI Error schema lists every reason', () => {
    const document = openApiDocument('http://localhost') as unknown as { components: { schemas: { Error: { properties: { reason: { enum: string[] } } } } } };
    expect(document.components.schemas.Error.properties.reason.enum).toEqual([...ERROR_REASONS]);
  });
});
