// Bad input on every REST operation: the operations are read from the OpenAPI
// document the app serves, and fast-check sends each one malformed JSON, non-object bodies,
// wrong types in every field, bodies over and strings just under the size limit, unicode edge
// cases, unknown fields, bad path ids and bad query strings, signed in and signed out.
// Every answer is 4xx with exactly `{ message, code, issues? }` (never 5xx; 2xx only for valid
// input), and a refused call leaves every table exactly as it was.
//
// Decided per docs/api-contract.md: unknown fields are stripped, not refused (the schemas' documented rule),
// so a valid call with extra fields answers as the same call without them. The seed is fixed
// (FUZZ_SEED overrides it) and printed, so a failure can be replayed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from './rest';
import {
  answers503,
  databaseFingerprint,
  expectErrorBody,
  expectNoServerError,
  freshUser,
  restOperations,
  send,
  VALID,
  type Answer,
  type Call,
  type JsonSchema,
  type Operation,
  type Sample,
} from '@/test/rest-operations';
import { createTaskRow } from '@/test/factories';
import { getDb } from '@/server/db';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
console.info(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} runs per property`);

// The REST door's operations; the one route handler of the document (the Stripe webhook) has
// its own property below.
const operations = restOperations();
const bodyOperations = operations.filter((operation) => operation.body);
const queryOperations = operations.filter((operation) => ['GET', 'DELETE'].includes(operation.method));
const pathOperations = operations.filter((operation) => operation.params.some((param) => param.in === 'path'));

function options(extra: number = 0) {
  return { seed: SEED + extra, numRuns: RUNS, endOnFailure: true } as const;
}

function sample(operation: Operation): Promise<Sample> {
  const make = VALID[operation.key];
  if (!make) throw new Error(`${operation.key} has no valid call in src/test/rest-operations.ts`);
  return make();
}

/** Sends a call that must be refused: 4xx, the error body, and no table changed. */
async function expectRefused(operation: Operation, call: Call, how: Parameters<typeof send>[2], context: string): Promise<Answer> {
  const before = await databaseFingerprint();
  const answer = await send(operation, call, how);
  expect(answer.status, `${context}: ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(answer.status, `${context}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expectErrorBody(answer, context);
  expect(await databaseFingerprint(), `${context}: a refused call changed the database`).toEqual(before);
  return answer;
}

/** Sends a call that may be valid or not: never 5xx, and when refused, nothing written. */
async function expectHandled(operation: Operation, call: Call, how: Parameters<typeof send>[2], context: string): Promise<Answer> {
  const before = await databaseFingerprint();
  const answer = await send(operation, call, how);
  expectNoServerError(answer, context, answers503(operation));
  if (answer.status >= 400) {
    expect(await databaseFingerprint(), `${context}: a refused call changed the database`).toEqual(before);
  }
  return answer;
}

type JsonType = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

function allowedTypes(schema: JsonSchema, into = new Set<string>()): Set<string> {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) into.add(type === 'integer' ? 'number' : type);
  for (const option of schema.anyOf ?? []) allowedTypes(option, into);
  return into;
}

function isStringField(schema: JsonSchema): boolean {
  return allowedTypes(schema).has('string');
}

function maxLengthOf(schema: JsonSchema): number | undefined {
  if (schema.maxLength !== undefined) return schema.maxLength;
  for (const option of schema.anyOf ?? []) if (option.maxLength !== undefined) return option.maxLength;
  return undefined;
}

const anyJson = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Strings people and attackers paste: NUL, lone surrogates, RTL overrides, emoji, combining marks. */
const EDGE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Egnp.exe',
  'שלום עולם',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '\u200B\u200D\uFEFF',
  '\u2028\u2029',
  ' \t\n\r ',
  '\u0007\u001B[31m',
  '<script>alert(1)</script>',
  "'; DROP TABLE \"Task\"; --",
  '%00%2e%2e/',
  '\\u0000',
];

/** Always tried, whatever the seed: the edge cases that once made (or could make) a 5xx. */
const ALWAYS = ['a\u0000b', '\uD800', '\u202Egnp.exe', '👩‍👩‍👧‍👦🏳️‍🌈', 'e\u0301\u0301\u0301'].map((value) => [value] as [string]);

const unicodeString = fc.oneof(
  fc.constantFrom(...EDGE_STRINGS),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.tuple(fc.constantFrom(...EDGE_STRINGS), fc.string({ unit: 'grapheme', maxLength: 10 })).map(([a, b]) => `${b}${a}${b}`),
);

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('the operation list', () => {
  it('covers every operation of the OpenAPI document with a valid call answering its documented status', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations.filter((operation) => !VALID[operation.key]).map((operation) => operation.key);
    expect(missing).toEqual([]);
    for (const operation of operations) {
      const call = await sample(operation);
      const answer = await send(operation, call);
      expect(answer.status, `${operation.key}: ${answer.text.slice(0, 300)}`).toBe(call.status);
    }
  }, 120_000); // every operation of the API in turn: grows with it, and slower on a busy machine
});

describe('malformed JSON', () => {
  it.each(bodyOperations.map((operation) => [operation.key, operation] as const))('%s answers 400', async (key, operation) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 40 }),
          fc.constantFrom('{', '{"title":', '[1,2', "{'a':1}", '{"a":1,}', 'undefined', 'NaN', '{"a":1}}', '\u0000', '{"a":"\\x"}'),
          fc.nat(60).map((cut) => `{"title":"a","description":"b","name":"c"}`.slice(0, cut + 1)),
        ).filter((text) => text.trim() !== '' && !parses(text)),
        async (raw) => {
          const call = await sample(operation);
          const answer = await expectRefused(operation, call, { raw }, `${key} with ${JSON.stringify(raw)}`);
          expect(answer.status).toBe(400);
        },
      ),
      options(1),
    );
  });
});

describe('bodies that are not JSON objects', () => {
  it.each(bodyOperations.map((operation) => [operation.key, operation] as const))('%s refuses them', async (key, operation) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), fc.string({ minLength: 1, maxLength: 10 }), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })),
        async (value) => {
          const call = await sample(operation);
          const answer = await expectRefused(operation, call, { raw: JSON.stringify(value) }, `${key} with ${JSON.stringify(value)}`);
          expect([400, 401, 403, 404]).toContain(answer.status);
        },
      ),
      options(2),
    );
  });

  it('a body in another content type is refused without a write', async () => {
    const operation = operations.find((candidate) => candidate.key === 'POST /tasks')!;
    const call = await sample(operation);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const answer = await expectRefused(operation, call, { raw: 'title=x', headers: { 'content-type': type } }, `${type} body`);
      expect([400, 415]).toContain(answer.status);
    }
  });
});

describe('wrong types in every field', () => {
  const cases = bodyOperations.flatMap((operation) =>
    Object.entries(operation.body?.properties ?? {}).map(([field, schema]) => [`${operation.key} ${field}`, operation, field, schema] as const),
  );
  it.each(cases)('%s answers 400 naming the field', async (label, operation, field, schema) => {
    const allowed = allowedTypes(schema);
    await fc.assert(
      fc.asyncProperty(
        anyJson.filter((value) => !allowed.has(jsonType(value))),
        async (value) => {
          const call = await sample(operation);
          const body = { ...call.body, [field]: value };
          const answer = await expectRefused(operation, { ...call, body }, {}, `${label} = ${JSON.stringify(value)}`);
          expect(answer.status, answer.text).toBe(400);
          const issues = (answer.body as { issues?: { path: string[] }[] }).issues ?? [];
          expect(issues.some((issue) => issue.path[0] === field), answer.text).toBe(true);
        },
      ),
      options(3),
    );
  });
});

describe('sizes', () => {
  it.each(bodyOperations.map((operation) => [operation.key, operation] as const))('%s answers 413 to a body over 1 MB', async (key, operation) => {
    const call = await sample(operation);
    const filler = 'x'.repeat(MAX_BODY_BYTES + 10);
    const answer = await expectRefused(operation, call, { raw: JSON.stringify({ ...call.body, filler }) }, `${key} oversize`);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  const limited = bodyOperations.flatMap((operation) =>
    Object.entries(operation.body?.properties ?? {})
      .filter(([, schema]) => maxLengthOf(schema) !== undefined)
      .map(([field, schema]) => [`${operation.key} ${field}`, operation, field, maxLengthOf(schema)!] as const),
  );
  // One string just under the 1 MB body limit per operation (in its first limited field), and
  // every limited field at its maximum and one past it.
  const firstLimited = new Set(bodyOperations.map((operation) => limited.find((item) => item[1] === operation)?.[0]).filter(Boolean));
  it.each(limited)('%s handles a string at its maximum and refuses one longer (and one just under the body limit)', async (label, operation, field, max) => {
    if (firstLimited.has(label)) {
      const call = await sample(operation);
      const rest = JSON.stringify({ ...call.body, [field]: '' }).length;
      const huge = 'é'.repeat(Math.floor((MAX_BODY_BYTES - rest - 16) / 2));
      const answer = await expectRefused(operation, { ...call, body: { ...call.body, [field]: huge } }, {}, `${label} just under the limit`);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body).length).toBeLessThan(2_000);
    }
    const atMax = await sample(operation);
    await expectHandled(operation, { ...atMax, body: { ...atMax.body, [field]: 'y'.repeat(max) } }, {}, `${label} at ${max}`);
    const overMax = await sample(operation);
    const over = await expectRefused(operation, { ...overMax, body: { ...overMax.body, [field]: 'y'.repeat(max + 1) } }, {}, `${label} at ${max + 1}`);
    expect(over.status).toBe(400);
  });
});

describe('unicode edge cases', () => {
  const bodyStrings = bodyOperations.flatMap((operation) =>
    Object.entries(operation.body?.properties ?? {})
      .filter(([, schema]) => isStringField(schema))
      .map(([field]) => [`${operation.key} ${field}`, operation, field] as const),
  );
  it.each(bodyStrings)('%s is stored or refused, never a 5xx', async (label, operation, field) => {
    await fc.assert(
      fc.asyncProperty(unicodeString, async (value) => {
        const call = await sample(operation);
        await expectHandled(operation, { ...call, body: { ...call.body, [field]: value } }, {}, `${label} = ${JSON.stringify(value)}`);
      }),
      { ...options(4), examples: ALWAYS },
    );
  });

  const queryStrings = queryOperations.flatMap((operation) =>
    operation.params.filter((param) => param.in === 'query').map((param) => [`${operation.key} ?${param.name}`, operation, param.name] as const),
  );
  it.each(queryStrings)('%s is handled, never a 5xx', async (label, operation, name) => {
    await fc.assert(
      fc.asyncProperty(unicodeString, async (value) => {
        const call = await sample(operation);
        await expectHandled(operation, { ...call, query: { ...call.query, [name]: value } }, {}, `${label} = ${JSON.stringify(value)}`);
      }),
      { ...options(5), examples: ALWAYS },
    );
  });
});

describe('unknown fields', () => {
  const unknownKey = fc.string({ minLength: 1, maxLength: 12 }).map((key) => `zz_${key}`);
  it.each(bodyOperations.map((operation) => [operation.key, operation] as const))('%s strips them: the same answer as without', async (key, operation) => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(unknownKey, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 }), async (extra) => {
        const call = await sample(operation);
        const answer = await expectHandled(operation, { ...call, body: { ...extra, ...call.body } }, {}, `${key} + ${JSON.stringify(extra)}`);
        expect(answer.status, answer.text.slice(0, 300)).toBe(call.status);
        for (const name of Object.keys(extra)) expect(answer.text.includes(JSON.stringify(name))).toBe(false);
      }),
      options(6),
    );
  });

  it.each(queryOperations.map((operation) => [operation.key, operation] as const))('%s ignores unknown query parameters', async (key, operation) => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(unknownKey, fc.string({ maxLength: 10 }), { minKeys: 1, maxKeys: 3 }), async (extra) => {
        const call = await sample(operation);
        const answer = await expectHandled(operation, { ...call, query: { ...extra, ...call.query } }, {}, `${key} ? ${JSON.stringify(extra)}`);
        expect(answer.status, answer.text.slice(0, 300)).toBe(call.status);
      }),
      options(7),
    );
  });
});

describe('bad query strings', () => {
  it.each(queryOperations.map((operation) => [operation.key, operation] as const))('%s never answers 5xx', async (key, operation) => {
    const names = ['x', ...operation.params.filter((param) => param.in === 'query').map((param) => param.name)];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom('%', '%ZZ', '&&&', '=x', '%E0%A4%A', '%00=%00', 'a=1&a=2&a=3', '[]=1', 'x[y]=1', '__proto__=1', 'constructor[prototype]=1'),
          fc.array(fc.tuple(fc.constantFrom(...names, '__proto__', 'constructor'), fc.string({ unit: 'binary', maxLength: 12 })), { maxLength: 4 }).map((pairs) =>
            pairs.map(([name, value]) => `${name}=${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}`).join('&'),
          ),
          fc.constantFrom(...names.flatMap((name) => [`${name}=a&${name}=b`, `${name}[]=true`, `${name}=${'9'.repeat(5000)}`])),
        ),
        async (rawQuery) => {
          const call = await sample(operation);
          await expectHandled(operation, call, { rawQuery: [rawQuery, ...Object.entries(call.query ?? {}).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)].join('&') }, `${key} ?${rawQuery}`);
        },
      ),
      options(8),
    );
  });
});

describe('bad path ids', () => {
  it.each(pathOperations.map((operation) => [operation.key, operation] as const))('%s answers 4xx for ids that are not the caller’s', async (key, operation) => {
    const stranger = await freshUser();
    const strangersTask = await createTaskRow(stranger.id);
    const strangersSession = await getDb().session.create({ data: { userId: stranger.id, sessionName: 'Theirs' } });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uuid(),
          fc.string({ minLength: 1, maxLength: 40 }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map((value) => value.replace(/[\uD800-\uDFFF]/g, '?')),
          fc.constantFrom('..', '.', '%', '0', '-1', 'null', 'undefined', '\u0000', 'x'.repeat(65), 'x'.repeat(5000), strangersTask.id, strangersSession.id, stranger.id),
        ),
        async (id) => {
          const call = await sample(operation);
          const pathParams = Object.fromEntries(Object.keys(call.pathParams ?? {}).map((name) => [name, id]));
          const answer = await expectRefused(operation, { ...call, pathParams }, {}, `${key} with ${JSON.stringify(id.slice(0, 80))}`);
          expect([400, 404, 405]).toContain(answer.status);
        },
      ),
      options(9),
    );
  });
});

describe('signed out and with bad credentials', () => {
  const secured = operations.filter((operation) => operation.secured);
  it.each(secured.map((operation) => [operation.key, operation] as const))('%s answers 401 and writes nothing', async (key, operation) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant<Record<string, string>>({}),
          fc.string({ maxLength: 60 }).map((value) => ({ authorization: `Bearer ${value.replace(/[^\x20-\x7e]/g, '')}` })),
          fc.constantFrom<Record<string, string>>(
            { authorization: 'Bearer ot_' },
            { authorization: 'Basic YTpi' },
            { cookie: 'next-auth.session-token=not-a-jwt' },
            { cookie: 'next-auth.session-token=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
          ),
        ),
        async (headers) => {
          const call = await sample(operation);
          const answer = await expectRefused(operation, { ...call, as: null }, { headers }, `${key} signed out with ${JSON.stringify(headers)}`);
          expect(answer.status).toBe(401);
          expect(answer.body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
        },
      ),
      options(10),
    );
  });
});

describe('POST /stripe/webhook (a route handler, outside the REST door)', () => {
  it('answers 400, 413 or 503 with the error body to unsigned, forged or malformed deliveries, and writes nothing', async () => {
    const { POST } = await import('@/app/api/stripe/webhook/route');
    const { configureStripe } = await import('@/test/stripe');
    const deliver = async (body: string, headers: Record<string, string>) => {
      const before = await databaseFingerprint();
      const response = await POST(new Request('http://localhost/api/stripe/webhook', { method: 'POST', body, headers }));
      const answer: Answer = { status: response.status, text: await response.text(), body: undefined, headers: response.headers };
      answer.body = JSON.parse(answer.text);
      expect([400, 413, 503], answer.text).toContain(answer.status);
      expectErrorBody(answer, `webhook ${JSON.stringify(headers)}`);
      expect(await databaseFingerprint()).toEqual(before);
      return answer;
    };
    // Billing not configured: 503 whatever arrives.
    expect((await deliver('{}', { 'stripe-signature': 't=1,v1=00' })).status).toBe(503);
    configureStripe();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.string({ maxLength: 60 }), fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)), fc.constant('{"id":"evt_1","type":"customer.subscription.updated"}')),
          fc.oneof(
            fc.constant<Record<string, string>>({}),
            fc.string({ maxLength: 40 }).map((value) => ({ 'stripe-signature': value.replace(/[^\x20-\x7e]/g, '') || 'x' })),
            fc.nat().map((time) => ({ 'stripe-signature': `t=${time},v1=${'ab'.repeat(32)}` })),
          ),
          async (body, headers) => {
            const answer = await deliver(body, headers);
            expect(answer.status).toBe(400);
          },
        ),
        options(11),
      );
      expect((await deliver('x'.repeat(1_000_001), { 'stripe-signature': 't=1,v1=00' })).status).toBe(413);
    } finally {
      configureStripe(false);
    }
  });
});

describe('regressions found by the fuzz', () => {
  const op = (key: string) => operations.find((candidate) => candidate.key === key)!;

  it('refuses a NUL character in a task title with a 400 naming the field, and stores nothing', async () => {
    const user = await freshUser();
    const answer = await expectRefused(op('POST /tasks'), { as: user, body: { title: 'Buy\u0000milk' } }, {}, 'NUL title');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Invalid input: title: Must not contain the NUL character',
      code: 'BAD_REQUEST',
      issues: [{ path: ['title'], message: 'Must not contain the NUL character' }],
    });
  });

  it('refuses a NUL character in a looked-up e-mail, a query parameter and a path id', async () => {
    expect((await expectRefused(op('POST /auth/signin'), { as: null, body: { email: 'a\u0000@example.com', password: 'x' } }, {}, 'signin')).status).toBe(400);
    expect((await expectRefused(op('POST /auth/forgot-password'), { as: null, body: { email: 'a@example.com\u0000' } }, {}, 'forgot')).status).toBe(400);
    const user = await freshUser();
    expect((await expectRefused(op('GET /tasks'), { as: user, query: { from: '\u0000' } }, {}, 'query')).status).toBe(400);
    expect([400, 404]).toContain((await expectRefused(op('GET /sessions/{id}'), { as: user, pathParams: { id: 'x\u0000' } }, {}, 'path')).status);
    expect((await expectRefused(op('POST /contact'), { as: null, body: { name: 'A', email: 'a@example.com', message: 'hi', ['k\u0000']: 1 } }, {}, 'key')).status).toBe(400);
  });

  it('maps PostgreSQL refusing a NUL character to a 400 as a backstop', async () => {
    const { fromDatabaseError } = await import('@/server/errors');
    const user = await freshUser();
    const failure = await getDb().task.create({ data: { userId: user.id, title: 'a\u0000b' } }).catch((error: unknown) => error);
    expect(fromDatabaseError(failure)?.code).toBe('BAD_REQUEST');
  });

  it('stores a lone surrogate as U+FFFD instead of failing', async () => {
    const user = await freshUser();
    const answer = await send(op('POST /tasks'), { as: user, body: { title: 'a\uD800b' } });
    expect(answer.status).toBe(200);
    expect((answer.body as { title: string }).title).toBe('a\uFFFDb');
  });

  it('treats ?constructor= and ?__proto__= as unknown query parameters instead of answering 500', async () => {
    const user = await freshUser();
    await createTaskRow(user.id, { title: 'Visible' });
    for (const rawQuery of ['constructor=1', '__proto__=x', '__proto__=1&completed=false', 'hasOwnProperty=1&toString=2']) {
      const answer = await send(op('GET /tasks'), { as: user }, { rawQuery });
      expect(answer.status, `${rawQuery}: ${answer.text}`).toBe(200);
      expect((answer.body as { title: string }[]).map((task) => task.title)).toEqual(['Visible']);
    }
  });

  it('refuses a JSON body that is not an object instead of reading it as {}', async () => {
    const user = await freshUser();
    const task = await createTaskRow(user.id);
    for (const raw of ['null', '5', '"abc"', '[1]', 'true']) {
      const answer = await expectRefused(op('PATCH /tasks/{id}'), { as: user, pathParams: { id: task.id } }, { raw }, raw);
      expect(answer.body).toEqual({ message: 'The request body must be a JSON object', code: 'BAD_REQUEST' });
    }
  });

  it('keeps a task title with emoji, RTL text and combining marks exactly (trimmed)', async () => {
    const user = await freshUser();
    const title = '  שלום 👩‍👩‍👧‍👦 e\u0301  ';
    const answer = await send(op('POST /tasks'), { as: user, body: { title } });
    expect(answer.status).toBe(200);
    expect((answer.body as { title: string }).title).toBe(title.trim());
  });
});
