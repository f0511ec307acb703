// The browser's one error class, met as the browser meets it: the REST helper and the tRPC
// client (with the app's error link) call the real doors over HTTP, and a screen's decision
// (which Limit Reached dialog) follows the failure's reason, not its words.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { http as mswHttp, passthrough } from 'msw';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRouter, type AppRouter } from '@/server/api/root';
import { handleRest } from '@/test/front';
import { createContext } from '@/server/api/trpc';
import { getDb } from '@/server/db';
import { monthStart } from '@/server/services/usage.service';
import { uniqueEmail } from '@/test/factories';
import { server as msw } from '@/test/msw';
import { ApiError, apiErrorLink, limitOf, reasonOf } from './api-error';
import { apiQuery, apiRequest } from './api-fetch';

// Calls to the app's own test server go through (msw refuses any other request).
beforeEach(() => msw.use(mswHttp.all(`${origin}/*`, () => passthrough())));

let server: http.Server;
let origin = '';
let cookie = '';

/** The app's two doors on a real HTTP port, as `next start` serves them. */
async function serve(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
  const request = new Request(`${origin}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  const response = req.url!.startsWith('/api/trpc')
    ? await fetchRequestHandler({ endpoint: '/api/trpc', req: request, router: appRouter, createContext: ({ resHeaders }) => createContext({ headers: request.headers, resHeaders }) })
    : await handleRest(request);
  // Node's reason phrase, as the production server sends it (`401 Unauthorized`).
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

beforeAll(async () => {
  server = http.createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The page's origin, and the browser's cookie jar for it.
  vi.stubGlobal('location', { origin });
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    if (cookie) headers.set('cookie', cookie);
    const response = await realFetch(input, { ...init, headers });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
    if (set.length) cookie = set.join('; ');
    return response;
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

const trpc = () => createTRPCClient<AppRouter>({ links: [apiErrorLink<AppRouter>(), httpBatchLink({ url: `${origin}/api/trpc` })] });

describe('the REST helper', () => {
  it("raises the spec's texts: 'Request failed: {status} {statusText} - {body}' and a query's 'status: body'", async () => {
    cookie = '';
    const signin = apiRequest('POST', '/auth/signin', { email: uniqueEmail(), password: 'wrong password here' });
    const error = await signin.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const body = '{"message":"Invalid email or password","code":"UNAUTHORIZED"}';
    expect((error as ApiError).message).toBe(`Request failed: 401 Unauthorized - ${body}`);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', detail: 'Invalid email or password' });
    expect((error as ApiError).reason).toBeUndefined();

    const query = await apiQuery('/tasks').catch((caught: unknown) => caught);
    expect((query as ApiError).message).toBe('401: {"message":"Please sign in to continue","code":"UNAUTHORIZED"}');
  });

  it('carries the reason: a signed-in, unverified account is refused its tasks with email_unverified', async () => {
    cookie = '';
    await apiRequest('POST', '/auth/signup', { name: 'Ada', email: uniqueEmail('helper'), password: 'correct horse battery' });
    expect(cookie).not.toBe('');
    const error = (await apiQuery('/tasks').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'email_unverified', detail: 'Please verify your email address to continue' });
  });
});

describe('the tRPC client with the error link', () => {
  it('raises the same class with the same status, code and reason, keeping the server sentence as its message', async () => {
    cookie = '';
    const email = uniqueEmail('limit');
    await apiRequest('POST', '/auth/signup', { name: 'Ada', email, password: 'correct horse battery' });
    const user = await getDb().user.update({ where: { email }, data: { emailVerified: true, emailVerifiedAt: new Date() } });
    await getDb().usageCounter.create({ data: { userId: user.id, month: monthStart(), tasks: 40 } });
    const error = await trpc()
      .task.create.mutate({ title: 'One too many' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', reason: 'task_limit' });
    expect((error as ApiError).message).toMatch(/^Task limit reached/);
    expect(limitOf(error)).toBe('tasks');
    // The REST door's failure of the same call decides the same way.
    expect(limitOf(await apiRequest('POST', '/tasks', { title: 'One too many' }).catch((caught: unknown) => caught))).toBe('tasks');
  });
});

describe('limitOf', () => {
  const failure = (message: string, reason?: string) => new ApiError(message, { data: { code: 'FORBIDDEN', httpStatus: 403, ...(reason && { reason: reason as never }) } });

  it('picks the Limit Reached dialog by the reason, whatever the words say', () => {
    expect(limitOf(failure('You have used this month’s allowance.', 'task_limit'))).toBe('tasks');
    expect(limitOf(failure('Monthly quota used', 'session_limit'))).toBe('sessions');
    expect(limitOf(failure('Quota', 'ai_session_limit'))).toBe('aiSessions');
    expect(limitOf(failure('Quota', 'ai_breakdown_limit'))).toBe('aiBreakdowns');
  });

  it('opens no dialog for words alone, another reason, or no answer at all', () => {
    expect(limitOf(failure("Task limit reached: you've reached your limit of 40 tasks per month on the Free plan."))).toBeNull();
    expect(limitOf(failure('Too many requests', 'rate_limited'))).toBeNull();
    expect(limitOf(new ApiError('Failed to fetch'))).toBeNull();
    expect(limitOf(new Error('task limit'))).toBeNull();
    expect(reasonOf({ data: { reason: 'made_up' } })).toBeUndefined();
  });
});
