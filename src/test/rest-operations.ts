// Test support for the fuzz and isolation suites: every REST operation read from the OpenAPI
// document the app serves (so a new route cannot be forgotten), a valid call for each (built on
// fresh rows), a raw REST caller, the shape check of the error body, and a fingerprint of the
// database (row counts and a count of changed rows) to prove a refused call wrote nothing.
import { expect } from 'vitest';
import { openApiDocument } from '@/server/api/openapi';
import { handleRest, handleRestAs } from '@/test/front';
import { sha256 } from '@/server/auth/secrets';
import type { AuthSession } from '@/server/auth/session';
import { getDb } from '@/server/db';
import { createTaskRow, createUser } from '@/test/factories';
import { ERROR_REASONS } from '@/lib/error-reasons';

export type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  minLength?: number;
  items?: JsonSchema;
};

type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema };

export type Operation = {
  /** `POST /tasks/{id}/complete` */
  key: string;
  method: string;
  path: string;
  params: Parameter[];
  body?: JsonSchema;
  /** Needs a signed-in caller (cookie or bearer). */
  secured: boolean;
};

/** Paths the REST door does not serve: plain route handlers with their own tests. */
const HANDLER_PATHS = new Set(['POST /stripe/webhook']);

/**
 * The account's keys: a personal access token gets 403 on these (docs/api-contract.md, Account security), so a
 * leaked token cannot change the e-mail or password, manage tokens or delete the account.
 */
export const BROWSER_SESSION_ONLY = new Set([
  'POST /auth/signout-everywhere',
  'PATCH /user/reset-password',
  'DELETE /user',
  'DELETE /user/email-change',
  'GET /user/tokens',
  'POST /user/tokens',
  'DELETE /user/tokens/{id}',
  'POST /user/agent-writes/{id}/undo',
  'GET /user/connected-apps',
  'DELETE /user/connected-apps/{id}',
  'POST /oauth/authorize',
]);

/** Every operation of the OpenAPI document that handleRest serves. */
export function restOperations(): Operation[] {
  const document = openApiDocument('http://localhost') as unknown as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; security?: unknown[] }>>;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (HANDLER_PATHS.has(key)) continue;
      operations.push({
        key,
        method: method.toUpperCase(),
        path,
        params: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        secured: Array.isArray(operation.security) && operation.security.length > 0,
      });
    }
  }
  return operations;
}

type Caller = { id: string; emailVerified: boolean } | null;

/** One concrete call: who calls, path parameters, query and JSON body. */
export type Call = {
  as: Caller;
  pathParams?: Record<string, string>;
  query?: Record<string, string | string[]>;
  body?: Record<string, unknown>;
};

/** A valid call of an operation and the status it must answer. */
export type Sample = Call & { status: number };

export type Answer = { status: number; body: unknown; text: string; headers: Headers };

let ipCounter = 0;

/** A distinct documentation-range client address per call, so per-IP limits never interfere. */
function nextClientIp(): string {
  ipCounter += 1;
  return `198.18.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function urlOf(operation: Operation, call: Pick<Call, 'pathParams' | 'query'>, rawQuery?: string): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.pathParams?.[name] ?? ''));
  const url = new URL(`http://localhost/api${path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, item);
  }
  return rawQuery === undefined ? url.toString() : `${url.origin}${url.pathname}?${rawQuery}`;
}

/**
 * Sends a call through the REST door as `call.as` (the session injected as the cookie would
 * give it; with `as: null` the request's own headers authenticate it). `raw` replaces the JSON body by exact text; `rawQuery` the query string.
 */
export async function send(
  operation: Operation,
  call: Call,
  options: { raw?: string; rawQuery?: string; headers?: HeadersInit } = {},
): Promise<Answer> {
  const headers = new Headers(options.headers);
  headers.set('x-forwarded-for', nextClientIp());
  const init: RequestInit = { method: operation.method, headers };
  const text = options.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  if (text !== undefined && !['GET', 'HEAD'].includes(operation.method)) {
    init.body = text;
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const request = new Request(urlOf(operation, call, options.rawQuery), init);
  // Signed out: the request's own Cookie/Authorization headers (if any) decide, as in production.
  const session: AuthSession | null = call.as ? { userId: call.as.id, emailVerified: call.as.emailVerified, via: 'cookie' } : null;
  const response = session ? await handleRestAs(request, session) : await handleRest(request);
  // A reset link is stored and mailed after forgot-password answers: let it land inside this call.
  const { resetDeliveriesSettled } = await import('@/server/services/auth.service');
  await resetDeliveriesSettled();
  const body = await response.text();
  let json: unknown = body;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    // not JSON: the shape check reports it
  }
  return { status: response.status, body: json, text: body, headers: response.headers };
}

/** The error contract of docs/api-contract.md: JSON, exactly `{ message, code, reason?, issues? }`, a reason only from the contract's list. */
export function expectErrorBody(answer: Answer, context: string): void {
  expect(answer.headers.get('content-type') ?? '', context).toMatch(/^application\/json/);
  const body = answer.body as Record<string, unknown>;
  expect(typeof body, `${context}: ${answer.text.slice(0, 200)}`).toBe('object');
  expect(body, context).not.toBeNull();
  const keys = Object.keys(body).sort();
  expect(keys.filter((key) => !['code', 'issues', 'message', 'reason'].includes(key)), context).toEqual([]);
  if ('reason' in body) expect(ERROR_REASONS, context).toContain(body.reason);
  expect(typeof body.message, context).toBe('string');
  expect(typeof body.code, context).toBe('string');
  if ('issues' in body) {
    expect(Array.isArray(body.issues), context).toBe(true);
    for (const issue of body.issues as Record<string, unknown>[]) {
      expect(Object.keys(issue).sort(), context).toEqual(['message', 'path']);
      expect(typeof issue.message, context).toBe('string');
      expect((issue.path as unknown[]).every((part) => typeof part === 'string'), context).toBe(true);
    }
  }
}

/** An answer the fuzz accepts at all: never 5xx (503 only where `allow503`), and JSON. */
export function expectNoServerError(answer: Answer, context: string, allow503 = false): void {
  const ok = answer.status < 500 || (allow503 && answer.status === 503);
  expect(ok, `${context} answered ${answer.status}: ${answer.text.slice(0, 300)}`).toBe(true);
  if (answer.status >= 400) expectErrorBody(answer, context);
  else if (answer.status !== 204) expect(answer.headers.get('content-type') ?? '', context).toMatch(/^application\/json/);
}

let tableQuery: string | undefined;

/**
 * A fingerprint of the database: the row count of every table, and a change counter that a
 * row-level trigger on every table bumps on each inserted, updated or deleted row (cheap,
 * however large the tables grow, and it sees an UPDATE that leaves the counts alone).
 * Rate-limit hits are left out: counting a refused attempt (a failed sign-in) is their purpose.
 * The triggers live only in this test file's own database.
 */
export async function databaseFingerprint(): Promise<Record<string, string>> {
  const db = getDb();
  if (!tableQuery) {
    const tables = await db.$queryRaw<{ name: string }[]>`
      SELECT tablename AS name FROM pg_tables
      WHERE schemaname = current_schema() AND tablename NOT IN ('_prisma_migrations', 'RateLimitHit')
      ORDER BY tablename`;
    await db.$executeRawUnsafe(`CREATE SEQUENCE IF NOT EXISTS fuzz_row_changes`);
    await db.$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION fuzz_count_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('fuzz_row_changes'); RETURN NULL; END $$`,
    );
    for (const { name } of tables) {
      await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS fuzz_count_change ON "${name}"`);
      await db.$executeRawUnsafe(`CREATE TRIGGER fuzz_count_change AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_change()`);
    }
    tableQuery = [
      `SELECT 'row changes' AS name, last_value::text AS print FROM fuzz_row_changes`,
      ...tables.map(({ name }) => `SELECT '${name}' AS name, count(*)::text AS print FROM "${name}"`),
    ].join(' UNION ALL ');
  }
  const rows = await db.$queryRawUnsafe<{ name: string; print: string }[]>(tableQuery);
  return Object.fromEntries(rows.map((row) => [row.name, row.print]));
}

// ---- valid calls -------------------------------------------------------------------------

export const KNOWN_PASSWORD = 'correct horse battery staple';
let knownHash: Promise<string> | undefined;

async function passwordHash(): Promise<string> {
  const { hashPassword } = await import('@/server/auth/password');
  knownHash ??= hashPassword(KNOWN_PASSWORD);
  return knownHash;
}

/** A fresh verified user (Plus unless told otherwise, so monthly limits never interfere). */
export async function freshUser(overrides: Parameters<typeof createUser>[0] = {}) {
  return createUser({ subscriptionTier: 'plus', passwordHash: await passwordHash(), ...overrides });
}

async function freshSession(userId: string) {
  return getDb().session.create({ data: { userId, sessionName: 'Fuzz session' } });
}

/** A calendar subscription row (its feed never fetched: a refresh within 20 s of the last attempt answers that attempt). */
export async function freshCalendar(userId: string) {
  const { seal } = await import('@/server/auth/secret-box');
  return getDb().calendarSubscription.create({
    data: { userId, name: 'Fuzz calendar', urlCipher: seal('calendar-subscription-url', 'https://calendar.example/fuzz.ics'), urlHint: 'calendar.example/…/fuzz.ics', lastAttemptAt: new Date(), lastSyncedAt: new Date(), nextSyncAt: new Date(Date.now() + 3_600_000) },
  });
}

async function freshToken(userId: string) {
  const token = `ot_fuzz_${Math.random().toString(36).slice(2)}${Date.now()}`;
  return getDb().apiToken.create({ data: { userId, name: 'Fuzz token', tokenHash: sha256(token), prefix: token.slice(0, 8) } });
}

/** An app registered through the MCP connector's OAuth (dynamic client registration). */
function freshOAuthClient() {
  return getDb().oAuthClient.create({ data: { id: `oc_fuzz_${crypto.randomUUID()}`, clientName: 'Fuzz assistant', redirectUris: ['http://127.0.0.1:9/callback'] } });
}

/** The user's consent to such an app: a row of Connected apps. */
export async function freshOAuthGrant(userId: string) {
  const client = await freshOAuthClient();
  return getDb().oAuthGrant.create({ data: { userId, clientId: client.id, scopes: ['read', 'write'] } });
}

/**
 * A valid call of every operation, on fresh rows, and the status it answers in the test
 * environment (no SMTP, no AI provider, no Stripe). The fuzz and isolation suites fail when an
 * operation of the document has no entry here, so a new route cannot be left out.
 */
export const VALID: Record<string, () => Promise<Sample>> = {
  'GET /health': async () => ({ as: null, status: 200 }),
  'GET /billing/status': async () => ({ as: null, status: 200 }),
  'POST /auth/signup': async () => ({
    as: null,
    body: { name: 'Fuzz Person', email: `fuzz-${crypto.randomUUID()}@example.com`, password: KNOWN_PASSWORD },
    status: 200,
  }),
  'POST /auth/signin': async () => {
    const user = await freshUser();
    return { as: null, body: { email: user.email, password: KNOWN_PASSWORD }, status: 200 };
  },
  'POST /auth/signout': async () => ({ as: await freshUser(), body: {}, status: 200 }),
  'POST /auth/signout-everywhere': async () => ({ as: await freshUser(), body: {}, status: 200 }),
  'GET /auth/me': async () => ({ as: await freshUser(), status: 200 }),
  'POST /auth/forgot-password': async () => ({ as: null, body: { email: (await freshUser()).email }, status: 200 }),
  // A well-formed link whose token was never issued: the business rule answers 400.
  'POST /auth/reset-password': async () => ({
    as: null,
    body: { email: (await freshUser()).email, token: 'no-such-token', newPassword: 'another good password' },
    status: 400,
  }),
  'GET /auth/verify-email': async () => ({ as: null, query: { email: (await freshUser()).email, token: 'no-such-token' }, status: 400 }),
  'POST /auth/resend-verification': async () => ({ as: await freshUser({ emailVerified: false, emailVerifiedAt: null }), body: {}, status: 200 }),
  'PATCH /user': async () => ({ as: await freshUser(), body: { name: 'Renamed Person' }, status: 200 }),
  'DELETE /user': async () => ({ as: await freshUser(), body: { password: KNOWN_PASSWORD }, status: 200 }),
  'DELETE /user/email-change': async () => ({ as: await freshUser(), status: 200 }),
  'PATCH /user/preferences': async () => ({ as: await freshUser(), body: { newsletterEnabled: false }, status: 200 }),
  'PATCH /user/reset-password': async () => ({
    as: await freshUser(),
    body: { currentPassword: KNOWN_PASSWORD, newPassword: 'another good password' },
    status: 200,
  }),
  'GET /user/export': async () => ({ as: await freshUser(), status: 200 }),
  'GET /user/tokens': async () => ({ as: await freshUser(), status: 200 }),
  'POST /user/tokens': async () => ({ as: await freshUser(), body: { name: 'CLI' }, status: 200 }),
  'DELETE /user/tokens/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshToken(user.id)).id }, status: 200 };
  },
  // An assistant's focus session, nothing done in it since: undo removes it.
  'POST /user/agent-writes/{id}/undo': async () => {
    const user = await freshUser();
    const session = await freshSession(user.id);
    const write = await getDb().agentWrite.create({
      data: { userId: user.id, tokenName: 'Fuzz assistant', tool: 'start_focus_session', summary: 'Started the focus session', targetId: session.id, change: { kind: 'session.created', sessionId: session.id, name: session.sessionName } },
    });
    return { as: user, pathParams: { id: write.id }, body: {}, status: 200 };
  },
  'GET /user/connected-apps': async () => ({ as: await freshUser(), status: 200 }),
  'DELETE /user/connected-apps/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshOAuthGrant(user.id)).id }, status: 200 };
  },
  // The consent screen's Allow for a registered app (the resource defaults to this origin's /api/mcp).
  'POST /oauth/authorize': async () => {
    const client = await freshOAuthClient();
    const request = {
      response_type: 'code',
      client_id: client.id,
      redirect_uri: client.redirectUris[0]!,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'fuzz',
    };
    return { as: await freshUser(), body: { request, allow: true }, status: 200 };
  },
  'GET /user/push-public-key': async () => ({ as: await freshUser(), status: 200 }),
  'POST /user/push-subscriptions': async () => ({
    as: await freshUser(),
    body: { endpoint: `https://push.example/${Math.random().toString(36).slice(2)}`, keys: { p256dh: 'BPcMbnWQL5GOYX_5r4gbN3lQJ7MkQzG6uu6NPLT5Rr1fGmWZd7ZJfHQ4mFzmAs2AdmN0n1vDHAeTrwVfYCiAUHE', auth: 'Q2hhbmdlTWUtMTIzNDU2Nw' } },
    status: 201,
  }),
  'DELETE /user/push-subscriptions': async () => ({ as: await freshUser(), body: { endpoint: 'https://push.example/gone' }, status: 200 }),
  'PUT /user/phase-end-push': async () => {
    const user = await freshUser();
    const session = await freshSession(user.id);
    return { as: user, body: { focusSessionId: session.id, sendAt: new Date(Date.now() + 60_000).toISOString(), body: 'Break time!' }, status: 200 };
  },
  'DELETE /user/phase-end-push': async () => {
    const user = await freshUser();
    return { as: user, body: { focusSessionId: (await freshSession(user.id)).id }, status: 200 };
  },
  // A calendar's web page rather than its feed: the business rule answers 400 (no fetch).
  'POST /calendars': async () => ({ as: await freshUser(), body: { url: 'https://calendar.google.com/calendar/u/0/r' }, status: 400 }),
  'GET /calendars': async () => ({ as: await freshUser(), status: 200 }),
  'GET /calendars/events': async () => ({ as: await freshUser(), query: { from: '2026-11-23T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' }, status: 200 }),
  'PATCH /calendars/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshCalendar(user.id)).id }, body: { busyOnly: true }, status: 200 };
  },
  'DELETE /calendars/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshCalendar(user.id)).id }, status: 200 };
  },
  'POST /calendars/{id}/refresh': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshCalendar(user.id)).id }, body: {}, status: 200 };
  },
  'PUT /calendars/{id}/rules': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshCalendar(user.id)).id }, body: { uid: 'event-1@calendar.example', occurrence: null, action: 'hide' }, status: 200 };
  },
  'POST /contact': async () => ({ as: null, body: { name: 'Fuzz Person', email: 'fuzz@example.com', message: 'Hello there' }, status: 200 }),
  'POST /sessions/ai-plan': async () => ({ as: await freshUser(), body: { mood: 'focused', displayMode: 'clock' }, status: 200 }),
  'POST /sessions/ai-generate': async () => ({ as: await freshUser(), body: {}, status: 200 }),
  'POST /tasks/{id}/breakdown': async () => {
    const user = await freshUser();
    const task = await createTaskRow(user.id, { title: 'Write the report' });
    return { as: user, pathParams: { id: task.id }, body: { description: 'Draft, review and send the quarterly report' }, status: 200 };
  },
  'GET /tasks': async () => ({ as: await freshUser(), query: { completed: 'false' }, status: 200 }),
  'POST /tasks': async () => ({ as: await freshUser(), body: { title: 'A fuzzed task' }, status: 200 }),
  'GET /tasks/current': async () => ({ as: await freshUser(), status: 200 }),
  'GET /today': async () => ({ as: await freshUser(), status: 200 }),
  'GET /today/next': async () => ({ as: await freshUser(), query: { skip: 'a,b' }, status: 200 }),
  'POST /today/fresh-start/preview': async () => ({ as: await freshUser(), body: {}, status: 200 }),
  'PUT /today/line': async () => ({ as: await freshUser(), body: { line: 'A quiet, good day.' }, status: 200 }),
  'POST /today/fresh-start': async () => {
    const user = await freshUser();
    const task = await createTaskRow(user.id, { dueDate: new Date(Date.now() - 3 * 86_400_000) });
    return { as: user, body: { decisions: [{ taskId: task.id, action: 'someday' }] }, status: 200 };
  },
  'POST /today/fresh-start/{id}/undo': async () => {
    const user = await freshUser();
    const freshStart = await getDb().freshStart.create({ data: { userId: user.id, changes: [] } });
    return { as: user, pathParams: { id: freshStart.id }, body: {}, status: 200 };
  },
  'GET /tasks/counts': async () => ({ as: await freshUser(), status: 200 }),
  'GET /tasks/calendar-feed': async () => ({ as: await freshUser(), status: 200 }),
  'DELETE /tasks/calendar-feed': async () => ({ as: await freshUser(), status: 200 }),
  'POST /tasks/parse': async () => ({ as: await freshUser(), body: { text: 'Call Sam tomorrow 5pm !high' }, status: 200 }),
  'POST /tasks/calendar-feed/rotate': async () => ({ as: await freshUser(), body: {}, status: 200 }),
  'PUT /tasks/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await createTaskRow(user.id)).id }, body: { title: 'Edited' }, status: 200 };
  },
  'PATCH /tasks/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await createTaskRow(user.id)).id }, body: { importance: 'High' }, status: 200 };
  },
  'DELETE /tasks/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await createTaskRow(user.id)).id }, status: 200 };
  },
  'POST /tasks/{id}/complete': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await createTaskRow(user.id)).id }, body: {}, status: 200 };
  },
  'POST /tasks/{id}/focus': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await createTaskRow(user.id)).id }, body: { seconds: 90 }, status: 200 };
  },
  'GET /sessions': async () => ({ as: await freshUser(), status: 200 }),
  'POST /sessions': async () => ({ as: await freshUser(), body: { displayMode: 'pomodoro' }, status: 200 }),
  'GET /sessions/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshSession(user.id)).id }, status: 200 };
  },
  'DELETE /sessions/{id}': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshSession(user.id)).id }, status: 200 };
  },
  'GET /sessions/{id}/tasks': async () => {
    const user = await freshUser();
    return { as: user, pathParams: { id: (await freshSession(user.id)).id }, status: 200 };
  },
  // Billing is not configured in tests: the contract's 503 (docs/api-contract.md), after every input check.
  // The document names the only provider in the path (`/stripe/...`).
  'POST /stripe/create-checkout-session': async () => ({
    as: await freshUser({ subscriptionTier: 'free' }),
    body: { country: 'UK' },
    status: 503,
  }),
  'POST /stripe/create-portal-session': async () => ({ as: await freshUser(), body: {}, status: 503 }),
  'POST /stripe/cancel-subscription': async () => ({ as: await freshUser(), body: {}, status: 503 }),
};

/** The operations whose valid answer is the 503 of an unconfigured integration. */
export function answers503(operation: Operation): boolean {
  return operation.path.startsWith('/stripe/');
}
