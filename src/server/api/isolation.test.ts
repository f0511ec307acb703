// Per-user isolation (IDOR) across every resource (ASVS V4.2.1): every REST
// operation that takes an id, read from the OpenAPI document so a new route cannot be
// forgotten, called by user B with user A's id, by cookie and by API token: always 404 with the
// error body (never 403, never 200), and nothing in the database changes. Ids inside bodies
// (parentTaskId, sessionId, selectedTaskIds) are found the same way. The per-router suites
// (task.test.ts, session.test.ts, user.test.ts, ai.test.ts) test the same rule call by call on
// both doors; this suite is the exhaustive sweep.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomSecret, sha256 } from '@/server/auth/secrets';
import { API_TOKEN_PREFIX } from '@/server/auth/session';
import { getDb } from '@/server/db';
import { createTaskRow } from '@/test/factories';
import {
  BROWSER_SESSION_ONLY,
  databaseFingerprint,
  expectErrorBody,
  freshUser,
  restOperations,
  send,
  VALID,
  freshCalendar,
  freshOAuthGrant,
  type Operation,
} from '@/test/rest-operations';

type Kind = 'task' | 'session' | 'token' | 'calendar' | 'freshStart' | 'agentWrite' | 'connectedApp';

/** What kind of record an id names: from the path for `{id}`, from the field name otherwise. */
function kindOf(operation: Operation, name: string): Kind | undefined {
  if (name === 'id') {
    if (operation.path.startsWith('/tasks/')) return 'task';
    if (operation.path.startsWith('/sessions/')) return 'session';
    if (operation.path.startsWith('/user/tokens/')) return 'token';
    if (operation.path.startsWith('/calendars/')) return 'calendar';
    if (operation.path.startsWith('/today/fresh-start/')) return 'freshStart';
    if (operation.path.startsWith('/user/agent-writes/')) return 'agentWrite';
    if (operation.path.startsWith('/user/connected-apps/')) return 'connectedApp';
    return undefined;
  }
  if (/task/i.test(name)) return 'task';
  if (/session/i.test(name)) return 'session';
  return undefined;
}

/** Parameters and body fields that carry ids (`id`, `…Id`, `…Ids`); `{provider}` is a name, not an id. */
function idCarriers(operation: Operation): { where: 'path' | 'body'; name: string; many: boolean }[] {
  const carriers: { where: 'path' | 'body'; name: string; many: boolean }[] = [];
  for (const param of operation.params) {
    if (param.in === 'path' && param.name !== 'provider') carriers.push({ where: 'path', name: param.name, many: false });
  }
  for (const [name, schema] of Object.entries(operation.body?.properties ?? {})) {
    if (/(^id|Id|Ids)$/.test(name)) carriers.push({ where: 'body', name, many: schema.type === 'array' });
  }
  return carriers;
}

const operations = restOperations();
const cases = operations.flatMap((operation) => idCarriers(operation).map((carrier) => ({ operation, ...carrier })));

let alice: Awaited<ReturnType<typeof freshUser>>;
let aliceIds: Record<Kind, string>;

beforeAll(async () => {
  alice = await freshUser({ name: 'Alice' });
  const task = await createTaskRow(alice.id, { title: 'Alice’s private task', dueDate: new Date('2030-01-01T09:00:00Z') });
  const session = await getDb().session.create({ data: { userId: alice.id, sessionName: 'Alice’s session' } });
  const secret = `${API_TOKEN_PREFIX}${randomSecret()}`;
  const token = await getDb().apiToken.create({ data: { userId: alice.id, name: 'Alice’s CLI', tokenHash: sha256(secret), prefix: secret.slice(0, 8) } });
  const calendar = await freshCalendar(alice.id);
  const freshStart = await getDb().freshStart.create({ data: { userId: alice.id, changes: [{ taskId: task.id, action: 'someday', before: { dueDate: task.dueDate!.toISOString(), letGoAt: null, recurrence: null }, after: { dueDate: null, letGoAt: null, recurrence: null } }] } });
  const agentWrite = await getDb().agentWrite.create({
    data: { userId: alice.id, tokenId: token.id, tokenName: token.name, tool: 'start_focus_session', summary: 'Started the focus session “Alice’s session”', targetId: session.id, change: { kind: 'session.created', sessionId: session.id, name: session.sessionName } },
  });
  const connectedApp = await freshOAuthGrant(alice.id);
  aliceIds = { task: task.id, session: session.id, token: token.id, calendar: calendar.id, freshStart: freshStart.id, agentWrite: agentWrite.id, connectedApp: connectedApp.id };
});

/** Bob's personal access token, for the same calls made as a REST client. */
async function bearerFor(userId: string): Promise<string> {
  const secret = `${API_TOKEN_PREFIX}${randomSecret()}`;
  await getDb().apiToken.create({ data: { userId, name: 'Bob’s CLI', tokenHash: sha256(secret), prefix: secret.slice(0, 8) } });
  return secret;
}

describe('the sweep', () => {
  it('finds the id-taking operations of the document, each with a known kind of record', () => {
    const keys = cases.map((item) => `${item.operation.key} ${item.where}:${item.name}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'PUT /tasks/{id} path:id',
        'PATCH /tasks/{id} path:id',
        'DELETE /tasks/{id} path:id',
        'POST /tasks/{id}/complete path:id',
        'POST /tasks/{id}/complete body:sessionId',
        'POST /tasks/{id}/breakdown path:id',
        'POST /tasks body:parentTaskId',
        'POST /tasks body:sessionId',
        'GET /sessions/{id} path:id',
        'GET /sessions/{id}/tasks path:id',
        'DELETE /sessions/{id} path:id',
        'POST /sessions body:selectedTaskIds',
        'DELETE /user/tokens/{id} path:id',
        'POST /user/agent-writes/{id}/undo path:id',
        'DELETE /user/connected-apps/{id} path:id',
      ]),
    );
    const unknown = cases.filter((item) => !kindOf(item.operation, item.name)).map((item) => `${item.operation.key} ${item.name}`);
    expect(unknown, 'an id of a kind this suite does not know: add it to kindOf').toEqual([]);
  });
});

describe("user B with user A's ids", () => {
  it.each(cases.map((item) => [`${item.operation.key} (${item.where} ${item.name})`, item] as const))(
    '%s answers 404 by cookie and by token (403 where tokens are refused), and changes nothing',
    async (_label, { operation, where, name, many }) => {
      const kind = kindOf(operation, name)!;
      const make = VALID[operation.key];
      expect(make, `${operation.key} has no valid call in src/test/rest-operations.ts`).toBeDefined();
      for (const via of ['cookie', 'token'] as const) {
        const call = await make!();
        const bob = call.as ?? (await freshUser({ name: 'Bob' }));
        const stolen = many ? [aliceIds[kind]] : aliceIds[kind];
        const attempt =
          where === 'path'
            ? { ...call, as: bob, pathParams: { ...call.pathParams, [name]: aliceIds[kind] } }
            : { ...call, as: bob, body: { ...call.body, [name]: stolen } };
        const before = await databaseFingerprint();
        const answer =
          via === 'cookie'
            ? await send(operation, attempt)
            : await send(operation, { ...attempt, as: null }, { headers: { authorization: `Bearer ${await bearerFor(bob.id)}` } });
        const context = `${operation.key} ${where}:${name} by ${via}: ${answer.text.slice(0, 200)}`;
        // A token may not touch the account's keys at all: 403 before any id is looked at.
        expect(answer.status, context).toBe(via === 'token' && BROWSER_SESSION_ONLY.has(operation.key) ? 403 : 404);
        expectErrorBody(answer, context);
        expect(JSON.stringify(answer.body), context).not.toContain('Alice');
        // By token, the token's own last-use time is recorded (a legitimate write), so the
        // unchanged-database check is made for the cookie call; Alice's rows are checked below.
        if (via === 'cookie') expect(await databaseFingerprint(), `${context}: the database changed`).toEqual(before);
      }
      // Alice still has everything, untouched.
      const task = await getDb().task.findUniqueOrThrow({ where: { id: aliceIds.task } });
      expect(task).toMatchObject({ userId: alice.id, title: 'Alice’s private task', completed: false, sessionId: null, parentTaskId: null });
      expect(await getDb().session.findUnique({ where: { id: aliceIds.session } })).toMatchObject({ userId: alice.id });
      expect(await getDb().apiToken.findUnique({ where: { id: aliceIds.token } })).toMatchObject({ userId: alice.id });
      expect(await getDb().calendarSubscription.findUnique({ where: { id: aliceIds.calendar } })).toMatchObject({ userId: alice.id, name: 'Fuzz calendar', busyOnly: false });
      expect(await getDb().calendarEventRule.count({ where: { subscriptionId: aliceIds.calendar } })).toBe(0);
      expect(await getDb().agentWrite.findUnique({ where: { id: aliceIds.agentWrite } })).toMatchObject({ userId: alice.id, undoneAt: null });
    },
  );

  it("never serves A's calendar feed with B's feed token", async () => {
    const { GET } = await import('@/app/api/calendar/[userId]/[file]/route');
    const { rotateCalendarFeed } = await import('@/server/services/calendar-feed.service');
    const bob = await freshUser({ name: 'Bob' });
    await rotateCalendarFeed(getDb(), alice.id);
    const bobUrl = (await rotateCalendarFeed(getDb(), bob.id)).url!;
    const bobFile = bobUrl.split('/').at(-1)!;
    const answer = await GET(new Request(`http://localhost/api/calendar/${alice.id}/${bobFile}`), {
      params: Promise.resolve({ userId: alice.id, file: bobFile }),
    });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('Alice');
    const own = await GET(new Request(bobUrl), { params: Promise.resolve({ userId: bob.id, file: bobFile }) });
    expect(own.status).toBe(200);
  });

  it("lists never include another user's rows", async () => {
    const bob = await freshUser({ name: 'Bob' });
    for (const key of ['GET /tasks', 'GET /sessions', 'GET /user/tokens', 'GET /user/export', 'GET /tasks/current']) {
      const operation = operations.find((candidate) => candidate.key === key)!;
      const answer = await send(operation, { as: bob });
      expect(answer.status, key).toBe(200);
      for (const id of Object.values(aliceIds)) expect(answer.text, key).not.toContain(id);
      expect(answer.text, key).not.toContain('Alice');
    }
  });
});
