// An outside developer's client, made from the live document: openapi-typescript generates the
// types from GET /api/openapi.json as the app serves it, tsc type-checks a small program that
// uses them through openapi-fetch (typed 401, typed 400 issues), and the program then runs
// against the production door over real HTTP and the test database: sign-up, a failed sign-in,
// verification from the real outbox mail, a 400 with issues, tasks and sessions round trips, a
// 404 and a 429 with Retry-After. Every answer it met must be one the document lists for that
// operation, so the test fails when the document and the server disagree.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as openApiRoute from '@/app/api/openapi.json/route';
import { createFront } from '@/server/inbound/front';
import { resetEnvCache } from '@/server/env';
import { server as msw } from '@/test/msw';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../../..');
const bin = (name: string) => path.join(repo, 'node_modules/.bin', name);

const APP_ROUTES = ['/api/auth/[...nextauth]/route', '/api/openapi.json/route'];

// The client program, as an outside developer would write it. It only knows the generated types.
const PROGRAM = String.raw`
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.ts';

type ApiError = components['schemas']['Error'];
export type Call = { method: string; schemaPath: string; status: number; body: unknown };

function expectStatus(response: Response, status: number, what: string): void {
  if (response.status !== status) throw new Error(what + ': expected ' + status + ', got ' + response.status);
}

export async function scenario(baseUrl: string, verificationLink: (email: string) => Promise<{ email: string; token: string }>) {
  const calls: Call[] = [];
  const jar = new Map<string, string>();
  const cookies: Middleware = {
    onRequest({ request }) {
      if (jar.size) request.headers.set('cookie', [...jar].map(([name, value]) => name + '=' + value).join('; '));
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        if (index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
      }
      const text = await response.clone().text();
      calls.push({ method: request.method.toLowerCase(), schemaPath, status: response.status, body: text ? JSON.parse(text) : null });
      return response;
    },
  };
  const client = createClient<paths>({ baseUrl: baseUrl + '/api' });
  client.use(cookies);

  const email = 'client-' + Date.now() + '@example.com';
  const password = 'a calm and long password 42';
  const signup = await client.POST('/auth/signup', { body: { name: 'Ada', email, password } });
  expectStatus(signup.response, 200, 'sign-up');
  const signedUpAs: string = signup.data!.user.email;

  const wrong = await client.POST('/auth/signin', { body: { email, password: 'not the password at all' } });
  expectStatus(wrong.response, 401, 'a wrong password');
  const unauthorized: ApiError = wrong.error!;

  const link = await verificationLink(email);
  const verified = await client.GET('/auth/verify-email', { params: { query: link } });
  expectStatus(verified.response, 200, 'verification');
  const verification: 'verified' | 'already' = verified.data!.status;

  const invalid = await client.POST('/tasks', { body: { title: '' } });
  expectStatus(invalid.response, 400, 'an empty title');
  const issuePath: (string | number)[] = invalid.error!.issues![0]!.path;
  const issueMessage: string = invalid.error!.issues![0]!.message;

  const created = await client.POST('/tasks', { body: { title: 'Write the report', importance: 'High', difficulty: 'Very Hard' } });
  expectStatus(created.response, 200, 'create a task');
  const taskId: string = created.data!.id;
  // Without limit or cursor the answer is the plain array; with them, a page.
  const listed = await client.GET('/tasks');
  const listedBody = listed.data!;
  const listedIds: string[] = Array.isArray(listedBody) ? listedBody.map((task) => task.id) : [];
  const paged = await client.GET('/tasks', { params: { query: { status: 'open', limit: 1 } } });
  const page = paged.data!;
  const pagedIds: string[] = Array.isArray(page) ? [] : page.items.map((task) => task.id);
  const pageEnds: string | null = Array.isArray(page) ? 'not a page' : page.nextCursor;
  const patched = await client.PATCH('/tasks/{id}', { params: { path: { id: taskId } }, body: { title: 'Write the short report' } });
  const patchedTitle: string = patched.data!.title;

  const session = await client.POST('/sessions', { body: { selectedTaskIds: [taskId], displayMode: 'pomodoro' } });
  expectStatus(session.response, 200, 'create a session');
  const sessionId: string = session.data!.id;
  const fetched = await client.GET('/sessions/{id}', { params: { path: { id: sessionId } } });
  const sessionTaskIds: string[] = fetched.data!.selectedTaskIds;
  const completed = await client.POST('/tasks/{id}/complete', { params: { path: { id: taskId } }, body: { sessionId } });
  const completedNow: boolean = completed.data!.completed;
  // The tasks completed in the session.
  const sessionTasks = await client.GET('/sessions/{id}/tasks', { params: { path: { id: sessionId } } });

  const removed = await client.DELETE('/sessions/{id}', { params: { path: { id: sessionId } } });
  expectStatus(removed.response, 200, 'delete the session');
  const gone = await client.GET('/sessions/{id}', { params: { path: { id: sessionId } } });
  expectStatus(gone.response, 404, 'a deleted session');
  const notFound: ApiError = gone.error!;
  await client.DELETE('/tasks/{id}', { params: { path: { id: taskId } } });

  let limited: { error: ApiError; reason: ApiError['reason']; retryAfter: string | null } | undefined;
  for (let attempt = 0; attempt < 25 && !limited; attempt += 1) {
    const again = await client.POST('/auth/signin', { body: { email, password: 'still not the password' } });
    // The generated client's Error type names the reason (a typed union), so a client decides by it.
    if (again.response.status === 429) limited = { error: again.error!, reason: again.error!.reason, retryAfter: again.response.headers.get('retry-after') };
    else expectStatus(again.response, 401, 'a wrong password');
  }

  return {
    calls,
    signedUpAs,
    unauthorized,
    verification,
    issuePath,
    issueMessage,
    taskListed: listedIds.includes(taskId),
    pagedIds,
    pageEnds,
    patchedTitle,
    sessionTaskIds,
    sessionTaskTitles: sessionTasks.data!.map((task) => task.title),
    completedNow,
    notFound,
    limited,
  };
}
`;

let dir: string;
let dataDir: string;
let server: http.Server;
let base: string;
const previousDataDir = process.env.ONETHING_DATA_DIR;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'openapi-client-data-'));
  process.env.ONETHING_DATA_DIR = dataDir;
  resetEnvCache();
  // The production front, with the OpenAPI document's own route handler behind it (as Next would serve it).
  const front = await createFront({
    appRoutes: APP_ROUTES,
    headers: {},
    next: async (req, res) => {
      if (req.url !== '/api/openapi.json') {
        res.writeHead(404).end();
        return;
      }
      const answer = await openApiRoute.GET(new Request(`http://127.0.0.1${req.url}`) as never);
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(await answer.text());
    },
  });
  server = http.createServer(front.routing);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (previousDataDir === undefined) delete process.env.ONETHING_DATA_DIR;
  else process.env.ONETHING_DATA_DIR = previousDataDir;
  resetEnvCache();
  await rm(dir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** The verification link's e-mail and token, from the real mail in the outbox. */
async function verificationLink(email: string): Promise<{ email: string; token: string }> {
  const outbox = path.join(dataDir, 'outbox');
  for (const file of await readdir(outbox)) {
    const mail = await simpleParser(await readFile(path.join(outbox, file)));
    const to = Array.isArray(mail.to) ? mail.to.flatMap((item) => item.value) : (mail.to?.value ?? []);
    if (!to.some((address) => address.address === email)) continue;
    const match = /\/verify\/([^/\s]+)\/([^/\s]+)/.exec(mail.text ?? '');
    if (match) return { email: decodeURIComponent(match[1]!), token: decodeURIComponent(match[2]!) };
  }
  throw new Error(`no verification mail to ${email}`);
}

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

describe('a client generated from the live OpenAPI document', () => {
  it('compiles, and every call it makes is answered as the document says', async () => {
    msw.use(mswHttp.all(`${base}/*`, () => passthrough()));
    const live = await fetch(`${base}/api/openapi.json`);
    expect(live.status).toBe(200);
    const document = (await live.json()) as Document;
    await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(document));

    await run(bin('openapi-typescript'), [path.join(dir, 'openapi.json'), '--output', path.join(dir, 'schema.ts')], { cwd: dir, timeout: 60_000 });
    await writeFile(path.join(dir, 'client.ts'), PROGRAM);
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2023',
          lib: ['es2023', 'dom', 'dom.iterable'],
          module: 'nodenext',
          moduleResolution: 'nodenext',
          allowImportingTsExtensions: true,
          noUncheckedIndexedAccess: true,
          types: [],
        },
        files: ['client.ts'],
      }),
    );
    await mkdir(path.join(dir, 'node_modules'), { recursive: true });
    await symlink(path.join(repo, 'node_modules/openapi-fetch'), path.join(dir, 'node_modules/openapi-fetch'));
    await symlink(path.join(repo, 'node_modules/openapi-typescript-helpers'), path.join(dir, 'node_modules/openapi-typescript-helpers'));
    const compiled = await run(bin('tsc'), ['-p', dir], { cwd: dir, timeout: 120_000 }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(compiled, 'tsc on the generated client and the program').toBe('');

    const program = (await import(/* @vite-ignore */ path.join(dir, 'client.ts'))) as { scenario: (base: string, link: typeof verificationLink) => Promise<Record<string, unknown> & { calls: { method: string; schemaPath: string; status: number; body: unknown }[] }> };
    const result = await program.scenario(base, verificationLink);

    expect(result.signedUpAs).toMatch(/^client-\d+@example\.com$/);
    expect(result.unauthorized).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(result.verification).toBe('verified');
    expect(result.issuePath).toEqual(['title']);
    expect(result.issueMessage).toEqual(expect.any(String));
    expect(result.taskListed).toBe(true);
    expect(result.pagedIds).toHaveLength(1);
    expect(result.pageEnds).toBeNull();
    expect(result.patchedTitle).toBe('Write the short report');
    expect(result.sessionTaskIds).toEqual([expect.any(String)]);
    expect(result.sessionTaskTitles).toEqual(['Write the short report']);
    expect(result.completedNow).toBe(true);
    expect(result.notFound).toEqual({ message: 'Session not found', code: 'NOT_FOUND' });
    const limited = result.limited as { error: { code: string; message: string }; reason?: string; retryAfter: string | null } | undefined;
    expect(limited?.error.code).toBe('TOO_MANY_REQUESTS');
    expect(limited?.reason).toBe('rate_limited');
    expect(Number(limited?.retryAfter)).toBeGreaterThan(0);

    // The document and the server agree on every answer met: its status is listed for the operation.
    const statuses = new Set<string>();
    for (const call of result.calls) {
      const listed = Object.keys(document.paths[call.schemaPath]?.[call.method]?.responses ?? {});
      expect(listed, `${call.method.toUpperCase()} ${call.schemaPath} answered ${call.status}`).toContain(String(call.status));
      statuses.add(String(call.status));
      if (call.status >= 400) {
        const body = call.body as Record<string, unknown>;
        expect(Object.keys(body).every((key) => ['message', 'code', 'reason', 'issues'].includes(key)), JSON.stringify(body)).toBe(true);
      }
    }
    expect([...statuses].sort()).toEqual(['200', '400', '401', '404', '429']);
  }, 180_000);
});
