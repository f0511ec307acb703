// Personal access tokens carry scopes and an expiry, checked once in the procedure ladder: every
// procedure a token can reach declares `read` or `write` (the walk below fails the day one does
// not), a call outside the token's scopes is a 403 `scope_required` on both doors, an expired
// token is a 401, and what only the browser may do (the calendar feed URL, billing, the account's
// keys) is a 403 `browser_session_required` whatever the token's scopes.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCallerFactory, createTRPCRouter, verifiedProcedure } from '@/server/api/trpc';
import { appRouter } from '@/server/api/root';
import { openApiDocument } from '@/server/api/openapi';
import type { ApiMeta } from '@/server/api/responses';
import { sha256 } from '@/server/auth/secrets';
import { requireScope } from '@/server/auth/token-scopes';
import { procedureDefs } from '@/server/compat/trpc';
import { getDb } from '@/server/db';
import { TestClient, type Answer } from '@/test/api-client';
import { KNOWN_PASSWORD, freshUser } from '@/test/rest-operations';

let ipCounter = 0;
const client = (headers: HeadersInit = {}) => {
  ipCounter += 1;
  return new TestClient({ 'x-forwarded-for': `198.51.100.${(ipCounter % 250) + 1}`, ...headers });
};

async function signedIn() {
  const user = await freshUser();
  const browser = client();
  expect((await browser.rest('POST', '/auth/signin', { email: user.email, password: KNOWN_PASSWORD })).status).toBe(200);
  return { user, browser };
}

async function tokenClient(browser: TestClient, body: Record<string, unknown> = {}) {
  const created = await browser.rest('POST', '/user/tokens', { name: 'assistant', ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const answer = created.body as { id: string; token: string; scopes: string[]; expiresAt: string | null };
  return { ...answer, script: client({ authorization: `Bearer ${answer.token}` }) };
}

const reasonOf = (answer: Answer) => (answer.body as { reason?: string }).reason;
const trpcReasonOf = (answer: Answer) => (answer.body as { error?: { data?: { reason?: string } } }).error?.data?.reason;

describe('every procedure a token can reach declares its scope', () => {
  it('walks the whole router: signed-in and verified procedures declare read or write, browser-only ones none', () => {
    const undeclared: string[] = [];
    const declared: Record<string, string[]> = { read: [], write: [] };
    for (const [path, procedure] of procedureDefs(appRouter)) {
      const meta = (procedure.meta ?? {}) as ApiMeta;
      const access = meta.access ?? 'public';
      if (access === 'signedIn' || access === 'verified') {
        if (meta.scope === 'read' || meta.scope === 'write') declared[meta.scope]!.push(path);
        else undeclared.push(path);
      } else {
        expect(meta.scope, `${path} (${access}) cannot be reached by a token, so it declares no scope`).toBeUndefined();
      }
    }
    expect(undeclared, 'bearer-reachable procedures without a scope').toEqual([]);
    // The walk saw the router (a broken walk would pass on nothing).
    expect(declared.read).toEqual(expect.arrayContaining(['task.list', 'session.list', 'auth.me']));
    expect(declared.write).toEqual(expect.arrayContaining(['task.create', 'task.complete', 'task.parse', 'session.create']));
  });

  it('a procedure that forgets to declare one refuses tokens (fail closed), and browser sessions still pass', async () => {
    const router = createTRPCRouter({ undeclared: verifiedProcedure.input(z.void()).query(() => 'done') });
    const call = (via: 'cookie' | 'token') =>
      createCallerFactory(router)({
        db: getDb(),
        session: { userId: 'someone', emailVerified: true, via, scopes: via === 'token' ? ['read', 'write'] : undefined },
        headers: new Headers(),
        resHeaders: new Headers(),
      }).undeclared();
    await expect(call('cookie')).resolves.toBe('done');
    await expect(call('token')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('requireScope is the one check, for entry points beyond tRPC (e.g. an MCP tool)', () => {
    expect(() => requireScope(undefined, 'write')).not.toThrow();
    expect(() => requireScope(['read', 'write'], 'write')).not.toThrow();
    expect(() => requireScope(['read'], 'write')).toThrow(expect.objectContaining({ code: 'FORBIDDEN', reason: 'scope_required' }));
    expect(() => requireScope([], 'read')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
  });

  it('the OpenAPI document names the scope of every operation a token can call, and none where tokens are refused', () => {
    type Operation = { security?: unknown; description?: string; 'x-token-scope'?: string };
    const paths = openApiDocument('http://localhost:3000').paths as Record<string, Record<string, Operation>>;
    const scoped = (operation: Operation, scope: string) => {
      expect(operation.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
      expect(operation['x-token-scope']).toBe(scope);
      expect(operation.description).toContain(`Personal access token scope: \`${scope}\`.`);
    };
    scoped(paths['/tasks']!.get!, 'read');
    scoped(paths['/tasks']!.post!, 'write');
    scoped(paths['/sessions/{id}']!.delete!, 'write');
    for (const operation of [paths['/tasks/calendar-feed']!.get!, paths['/tasks/calendar-feed/rotate']!.post!, paths['/user/tokens']!.post!]) {
      expect(operation.security).toEqual([{ cookieAuth: [] }]);
      expect(operation['x-token-scope']).toBeUndefined();
    }
    // Every operation a token can call says which scope.
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const bearer = JSON.stringify(operation.security ?? []).includes('bearerAuth');
        expect(bearer ? ['read', 'write'] : [undefined], `${method} ${path}`).toContain(operation['x-token-scope']);
      }
    }
  });
});

describe('creating a token with scopes and an expiry', () => {
  it('defaults to read and write for 90 days, and lists scopes, expiry and last use', async () => {
    const { browser } = await signedIn();
    const before = Date.now();
    const made = await tokenClient(browser);
    expect(made.scopes).toEqual(['read', 'write']);
    const days = (new Date(made.expiresAt!).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);

    const listed = (await browser.rest('GET', '/user/tokens')).body as { id: string; scopes: string[]; expiresAt: string | null; lastUsedAt: string | null }[];
    expect(listed).toEqual([expect.objectContaining({ id: made.id, scopes: ['read', 'write'], expiresAt: made.expiresAt, lastUsedAt: null })]);
    expect((await made.script.rest('GET', '/tasks')).status).toBe(200);
    const used = (await browser.rest('GET', '/user/tokens')).body as { lastUsedAt: string | null }[];
    expect(used[0]!.lastUsedAt).not.toBeNull();
  });

  it('takes read only, write only, 1-365 days or never, on both doors', async () => {
    const { browser } = await signedIn();
    expect((await tokenClient(browser, { scopes: ['read'], expiresInDays: 30 })).scopes).toEqual(['read']);
    expect((await tokenClient(browser, { scopes: ['write', 'read'], expiresInDays: 365 })).scopes).toEqual(['read', 'write']);
    expect((await tokenClient(browser, { scopes: ['write'], expiresInDays: null })).expiresAt).toBeNull();
    const viaTrpc = await browser.trpc('mutation', 'user.createToken', { name: 'one day', scopes: ['read'], expiresInDays: 1 });
    expect(viaTrpc.status).toBe(200);
  });

  it.each([
    [{ scopes: [] }, 'scopes'],
    [{ scopes: ['admin'] }, 'scopes'],
    [{ scopes: ['read', 'read'] }, 'scopes'],
    [{ expiresInDays: 0 }, 'expiresInDays'],
    [{ expiresInDays: 366 }, 'expiresInDays'],
    [{ expiresInDays: 1.5 }, 'expiresInDays'],
    [{ expiresInDays: '30' }, 'expiresInDays'],
  ])('refuses %j with a 400 naming the field, and makes no token', async (body, field) => {
    const { user, browser } = await signedIn();
    const answer = await browser.rest('POST', '/user/tokens', { name: 'bad', ...body });
    expect(answer.status).toBe(400);
    expect((answer.body as { issues: { path: string[] }[] }).issues.map((issue) => issue.path[0])).toContain(field);
    expect(await getDb().apiToken.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('a call outside the token’s scopes', () => {
  it('a read-only token reads but cannot write: 403 scope_required on both doors, nothing written', async () => {
    const { user, browser } = await signedIn();
    const { script } = await tokenClient(browser, { scopes: ['read'] });
    expect((await script.rest('GET', '/tasks')).status).toBe(200);
    expect((await script.rest('GET', '/sessions')).status).toBe(200);
    expect((await script.rest('GET', '/auth/me')).status).toBe(200);
    expect((await script.trpc('query', 'task.list')).status).toBe(200);

    const refused = [
      await script.rest('POST', '/tasks', { title: 'Sneaky' }),
      await script.rest('POST', '/tasks/parse', { text: 'buy milk tomorrow' }),
      await script.rest('POST', '/sessions', { sessionName: 'Sneaky', selectedTaskIds: [] }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(reasonOf(answer)).toBe('scope_required');
    }
    expect(refused[0]!.body).toMatchObject({ code: 'FORBIDDEN', message: 'This API token cannot do this: it needs the "write" scope' });
    const viaTrpc = await script.trpc('mutation', 'task.create', { title: 'Sneaky' });
    expect(viaTrpc.status).toBe(403);
    expect(trpcReasonOf(viaTrpc)).toBe('scope_required');
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a write-only token writes but cannot read', async () => {
    const { browser } = await signedIn();
    const { script } = await tokenClient(browser, { scopes: ['write'] });
    const created = await script.rest('POST', '/tasks', { title: 'Written by a script' });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    expect((await script.rest('POST', `/tasks/${id}/complete`, {})).status).toBe(200);
    const read = await script.rest('GET', '/tasks');
    expect(read.status).toBe(403);
    expect(reasonOf(read)).toBe('scope_required');
    expect(trpcReasonOf(await script.trpc('query', 'task.list'))).toBe('scope_required');
  });
});

describe('an expired token', () => {
  it('is a 401 on both doors from the moment it expires', async () => {
    const { browser } = await signedIn();
    const made = await tokenClient(browser, { expiresInDays: 1 });
    expect((await made.script.rest('GET', '/tasks')).status).toBe(200);
    await getDb().apiToken.update({ where: { id: made.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await made.script.rest('GET', '/tasks')).status).toBe(401);
    expect((await made.script.trpc('query', 'task.list')).status).toBe(401);
    // Still listed (so its owner sees it expired and can revoke it).
    expect(((await browser.rest('GET', '/user/tokens')).body as unknown[]).length).toBe(1);
  });
});

describe('tokens made before scopes existed', () => {
  it('keep read and write and never expire', async () => {
    const user = await freshUser();
    const token = `ot_${crypto.randomUUID().replaceAll('-', '')}`;
    // The insert the code before scopes made: no scopes, no expiry.
    await getDb().$executeRaw`INSERT INTO "ApiToken" ("id", "userId", "name", "tokenHash", "prefix") VALUES (${crypto.randomUUID()}, ${user.id}, 'old script', ${sha256(token)}, ${token.slice(0, 8)})`;
    const row = await getDb().apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ scopes: ['read', 'write'], expiresAt: null });
    const script = client({ authorization: `Bearer ${token}` });
    expect((await script.rest('GET', '/tasks')).status).toBe(200);
    expect((await script.rest('POST', '/tasks', { title: 'Still works' })).status).toBe(200);
  });
});

describe('last use is recorded at most once a minute', () => {
  it('a use within the minute writes nothing; one after it moves lastUsedAt', async () => {
    const { browser } = await signedIn();
    const made = await tokenClient(browser);
    const recent = new Date(Date.now() - 30_000);
    await getDb().apiToken.update({ where: { id: made.id }, data: { lastUsedAt: recent } });
    expect((await made.script.rest('GET', '/tasks')).status).toBe(200);
    expect((await getDb().apiToken.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt).toEqual(recent);

    const old = new Date(Date.now() - 120_000);
    await getDb().apiToken.update({ where: { id: made.id }, data: { lastUsedAt: old } });
    const before = Date.now();
    await Promise.all([made.script.rest('GET', '/tasks'), made.script.rest('GET', '/sessions')]);
    const after = (await getDb().apiToken.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt!;
    expect(after.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('what only the browser may do', () => {
  it('the calendar feed URL (read, rotate, disable), billing and the verification mail: 403 browser_session_required on both doors', async () => {
    const { user, browser } = await signedIn();
    const feedBefore = (await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).calendarFeedVersion;
    const { script } = await tokenClient(browser);
    const refused = [
      await script.rest('GET', '/tasks/calendar-feed'),
      await script.rest('POST', '/tasks/calendar-feed/rotate', {}),
      await script.rest('DELETE', '/tasks/calendar-feed'),
      await script.rest('POST', '/stripe/create-checkout-session', { provider: 'stripe', country: 'UK' }),
      await script.rest('POST', '/stripe/create-portal-session', { provider: 'stripe' }),
      await script.rest('POST', '/stripe/cancel-subscription', { provider: 'stripe' }),
      await script.rest('POST', '/auth/resend-verification', {}),
      await script.rest('POST', '/auth/signout-everywhere', {}),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'This action needs a signed-in browser session, not an API token', code: 'FORBIDDEN', reason: 'browser_session_required' });
    }
    for (const path of ['task.calendarFeed', 'task.rotateCalendarFeed', 'task.disableCalendarFeed']) {
      const answer = await script.trpc(path === 'task.calendarFeed' ? 'query' : 'mutation', path, path === 'task.calendarFeed' ? undefined : {});
      expect(answer.status, path).toBe(403);
      expect(trpcReasonOf(answer), path).toBe('browser_session_required');
    }
    expect((await getDb().user.findUniqueOrThrow({ where: { id: user.id } })).calendarFeedVersion).toBe(feedBefore);
    // The browser still can.
    expect((await browser.rest('GET', '/tasks/calendar-feed')).status).toBe(200);
  });
});
