// Security checks of docs/security.md (OWASP ASVS 4.0.3 level 2) that no feature suite owns:
// response headers, secrets only from the environment, no secret or hash in any answer of any
// operation, the argon2id parameters, token hashing at rest, and the cross-site write refusal
// swept over every mutation of the REST door (and the tRPC door).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config.js';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '@/server/auth/password';
import { randomSecret, sha256 } from '@/server/auth/secrets';
import { getDb } from '@/server/db';
import { callerFor } from '@/test/factories';
import {
  databaseFingerprint,
  expectErrorBody,
  freshUser,
  KNOWN_PASSWORD,
  restOperations,
  send,
  VALID,
} from '@/test/rest-operations';

const root = path.resolve(import.meta.dirname, '../..');
const operations = restOperations();

describe('response headers (V14.4)', () => {
  it('sets the security headers on every route, pages and API alike', async () => {
    const config = nextConfig as unknown as { poweredByHeader?: boolean; headers: () => Promise<{ source: string; headers: { key: string; value: string }[] }[]> };
    expect(config.poweredByHeader).toBe(false);
    const rules = await config.headers();
    const all = rules.find((rule) => rule.source === '/:path*');
    expect(all, 'one rule for every path').toBeDefined();
    const headers = Object.fromEntries(all!.headers.map((header) => [header.key.toLowerCase(), header.value]));
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);
    // Pages: a per-request policy from the proxy, scripts only with the request's nonce.
    const { pageContentSecurityPolicy } = await import('@/server/http/content-security-policy');
    const page = pageContentSecurityPolicy('bm9uY2Vub25jZW5vbmNl', false);
    for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
      expect(page).toContain(directive);
    }
    expect(page).toContain("script-src 'self' 'nonce-bm9uY2Vub25jZW5vbmNl' 'strict-dynamic';");
    expect(page).not.toMatch(/unsafe-inline'[^;]*;[^;]*style-src|script-src[^;]*unsafe-(inline|eval)/);
    // The API: no scripts at all.
    const api = rules.find((rule) => rule.source === '/api/:path*')!.headers.find((header) => header.key === 'Content-Security-Policy')!.value;
    expect(api).toContain("default-src 'none'");
    expect(api).toContain("frame-ancestors 'none'");
  });

  it('answers every REST call with JSON that no cache keeps', async () => {
    for (const operation of operations) {
      const call = await VALID[operation.key]!();
      const answer = await send(operation, call);
      expect(answer.headers.get('content-type'), operation.key).toMatch(/^application\/json/);
      expect(answer.headers.get('cache-control'), operation.key).toBe('no-store');
      expect(answer.headers.get('content-disposition'), operation.key).toBe('attachment; filename="api.json"');
    }
  }, 120_000); // every operation of the API in turn: grows with it, and slower on a busy machine

  it('JSON answers of the other API routes are attachments too, except the OpenAPI document (V14.4.2)', async () => {
    const { withRequestScope } = await import('@/server/http/request-scope');
    const { GET: openApi } = await import('@/app/api/openapi.json/route');
    const json = withRequestScope(() => Response.json({ ok: true }), 'test');
    expect((await json(new Request('http://localhost/api/x'))).headers.get('content-disposition')).toBe('attachment; filename="api.json"');
    const failing = withRequestScope(() => {
      throw new Error('boom');
    }, 'test');
    expect((await failing(new Request('http://localhost/api/x'))).headers.get('content-disposition')).toBe('attachment; filename="api.json"');
    const calendar = withRequestScope(() => new Response('BEGIN:VCALENDAR', { headers: { 'content-type': 'text/calendar', 'content-disposition': 'attachment; filename="onething.ics"' } }), 'test');
    expect((await calendar(new Request('http://localhost/api/x'))).headers.get('content-disposition')).toBe('attachment; filename="onething.ics"');
    expect((await openApi(new Request('http://localhost/api/openapi.json'))).headers.get('content-disposition')).toBe('inline; filename="openapi.json"');
  });
});

/** Every file in git, as text, except lock files, generated code and binaries. */
function trackedSources(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return files
    .filter((file) => !/(^|\/)(package-lock\.json|src\/generated\/)|\.(png|jpe?g|ico|woff2?|gif|webp|pdf)$/.test(file))
    .map((file) => {
      try {
        return { file, text: readFileSync(path.join(root, file), 'utf8') };
      } catch {
        return { file, text: '' };
      }
    });
}

describe('secrets only from the environment (V2.10.4, V6.4.1, V14.3)', () => {
  const PATTERNS: [string, RegExp][] = [
    ['a Stripe secret or restricted key', /\b(sk|rk)_(live|test)_[0-9a-zA-Z]{20,}/],
    ['a Stripe webhook secret', /\bwhsec_[0-9a-zA-Z]{20,}/],
    ['an OpenAI key', /\bsk-(proj-)?[0-9a-zA-Z]{32,}/],
    ['a private key', /-----BEGIN ([A-Z]+ )?PRIVATE KEY-----/],
    ['an AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
    ['a GitHub token', /\bgh[pousr]_[0-9A-Za-z]{30,}/],
    ['a Slack token', /\bxox[abprs]-[0-9A-Za-z-]{10,}/],
    ['a Sentry DSN with its key', /https:\/\/[0-9a-f]{32}@[a-z0-9.]*sentry\.io/],
    ['a password inside a connection URL', /\b(postgres(ql)?|smtps?):\/\/[^:@\s/'"`]+:(?!pass@|secret@|password@|\$\{|<)[^@\s'"`]{6,}@(?!localhost|127\.0\.0\.1|host|db\.internal|smtp\.example)/],
  ];

  it('no tracked file holds a real-looking key, token or password', () => {
    const findings: string[] = [];
    for (const { file, text } of trackedSources()) {
      for (const [what, pattern] of PATTERNS) {
        const match = pattern.exec(text);
        if (match) findings.push(`${file}: ${what} (${match[0].slice(0, 24)}…)`);
      }
    }
    expect(findings).toEqual([]);
  });

  it('the app reads its secrets through the validated environment, never from a literal', () => {
    const app = trackedSources().filter(({ file }) => file.startsWith('src/') && !/\.test\.tsx?$|^src\/test\/|testing\.ts$|test-[\w-]+\.ts$/.test(file));
    const offenders = app
      .filter(({ text }) => /(AUTH_SECRET|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|OPENAI_API_KEY|SMTP_URL|SENTRY_DSN)\s*[:=]\s*['"`][^'"`]{8,}['"`]/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    const direct = app
      .filter(({ file }) => file !== 'src/server/env.ts')
      .filter(({ text }) => /process\.env\.(AUTH_SECRET|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|OPENAI_API_KEY|SMTP_URL|SENTRY_DSN)\b/.test(text))
      .map(({ file }) => file);
    expect(direct, 'read secrets through env() (src/server/env.ts)').toEqual([]);
  });

  it('.env.example documents every variable with no value for any secret', () => {
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const name of ['AUTH_SECRET', 'DATABASE_URL', 'SMTP_URL', 'OPENAI_API_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SENTRY_DSN', 'TRUSTED_PROXIES']) {
      expect(example).toContain(name);
    }
    for (const name of ['AUTH_SECRET', 'OPENAI_API_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SENTRY_DSN']) {
      expect(example, name).not.toMatch(new RegExp(`^${name}=\\S`, 'm'));
    }
  });
});

describe('no secret or hash in any answer (V2.4, V3.1.1, V8.3)', () => {
  it('no operation answers a password hash, a token hash, the auth secret or a billing id', async () => {
    for (const operation of operations) {
      const call = await VALID[operation.key]!();
      const answer = await send(operation, call);
      const hashes = [
        ...(await getDb().user.findMany({ select: { passwordHash: true } })).map((row) => row.passwordHash),
        ...(await getDb().apiToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash),
        ...(await getDb().authToken.findMany({ select: { tokenHash: true } })).map((row) => row.tokenHash),
      ];
      const text = answer.text;
      expect(text, operation.key).not.toMatch(/\$argon2/);
      expect(text, operation.key).not.toMatch(/passwordHash|tokenHash|stripeCustomerId|sessionVersion/);
      expect(text, operation.key).not.toContain(process.env.AUTH_SECRET!);
      for (const hash of hashes) expect(text.includes(hash), `${operation.key} answered a stored hash`).toBe(false);
      expect(answer.headers.get('set-cookie') ?? '', operation.key).not.toMatch(/\$argon2/);
    }
  }, 120_000); // every operation of the API in turn: grows with it, and slower on a busy machine
});

describe('password and token storage (V2.4.1, V2.4.4, V2.5.2, V3.5)', () => {
  it('hashes passwords with argon2id at OWASP parameters (19 MiB, 2 passes, 1 lane) and a random salt', async () => {
    const first = await hashPassword(KNOWN_PASSWORD);
    const second = await hashPassword(KNOWN_PASSWORD);
    const [, algorithm, version, parameters, salt, hash] = first.split('$');
    expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
    expect(Object.fromEntries(parameters!.split(',').map((pair) => pair.split('=')))).toEqual({ m: '19456', t: '2', p: '1' });
    expect(Buffer.from(salt!, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(hash!, 'base64').length).toBeGreaterThanOrEqual(32);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, KNOWN_PASSWORD)).toBe(true);
    expect(await verifyPassword(first, `${KNOWN_PASSWORD} `)).toBe(false);
    expect(passwordNeedsRehash(first)).toBe(false);
    expect(passwordNeedsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g')).toBe(true);
  });

  it('stores a new API token only as its SHA-256 (the answer is the one place the token appears)', async () => {
    const operation = operations.find((candidate) => candidate.key === 'POST /user/tokens')!;
    const user = await freshUser();
    const answer = await send(operation, { as: user, body: { name: 'CI' } });
    expect(answer.status).toBe(200);
    const token = (answer.body as { token: string }).token;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const row = await getDb().apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toBe(sha256(token));
    const dump = JSON.stringify(await getDb().apiToken.findMany());
    expect(dump).not.toContain(token);
  });

  it('stores e-mail link tokens only as SHA-256 hashes, with an expiry', async () => {
    const operation = operations.find((candidate) => candidate.key === 'POST /auth/forgot-password')!;
    const user = await freshUser();
    expect((await send(operation, { as: null, body: { email: user.email } })).status).toBe(200);
    const row = await getDb().authToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 5_000);
  });

  it('makes secrets from 256 random bits', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => randomSecret()));
    expect(secrets.size).toBe(100);
    for (const secret of secrets) expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
  });
});

describe('cross-site writes are refused on both doors (V4.2.2, V13.2.3)', () => {
  const mutations = operations.filter((operation) => operation.method !== 'GET');

  it.each(mutations.map((operation) => [operation.key, operation] as const))('%s refuses another Origin with 403 and writes nothing', async (key, operation) => {
    const call = await VALID[key]!();
    const before = await databaseFingerprint();
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of attempts) {
      const answer = await send(operation, call, { headers });
      expect(answer.status, `${key} ${JSON.stringify(headers)}: ${answer.text}`).toBe(403);
      expectErrorBody(answer, key);
      expect(answer.body).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
    }
    expect(await databaseFingerprint()).toEqual(before);
    // The app's own origin passes.
    const own = await send(operation, await VALID[key]!(), { headers: { origin: process.env.APP_URL! } });
    expect(own.status, `${key} from our own origin: ${own.text}`).not.toBe(403);
  });

  it('the tRPC door refuses the same', async () => {
    const user = await freshUser();
    const caller = callerFor(user, { origin: 'https://evil.example' });
    await expect(caller.task.create({ title: 'Forged' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    await expect(caller.user.updatePreferences({ newsletterEnabled: false })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('passwords as people type them (V2.1.2, V2.1.3, V2.1.4)', () => {
  const signup = operations.find((candidate) => candidate.key === 'POST /auth/signup')!;
  const signin = operations.find((candidate) => candidate.key === 'POST /auth/signin')!;

  it('accepts long passwords and any Unicode (emoji, RTL, combining marks), and never truncates them', async () => {
    for (const password of ['🔒🐝 correct horse', 'סיסמה ארוכה מאוד', 'e\u0301te\u0301 2026', 'x'.repeat(128), 'y'.repeat(256)]) {
      const email = `pw-${crypto.randomUUID()}@example.com`;
      expect((await send(signup, { as: null, body: { name: 'Pat', email, password } })).status, password).toBe(200);
      expect((await send(signin, { as: null, body: { email, password } })).status, password).toBe(200);
      // One character less (a truncating hash would accept it) is refused.
      const shorter = Array.from(password).slice(0, -1).join('');
      expect((await send(signin, { as: null, body: { email, password: shorter } })).status, password).toBe(401);
    }
  });
});

describe('users cannot set what only the server decides (V4.1.2, V5.1.2 mass assignment)', () => {
  it('PATCH /user ignores plan, verification, password hash and billing fields', async () => {
    const operation = operations.find((candidate) => candidate.key === 'PATCH /user')!;
    const user = await freshUser({ subscriptionTier: 'free', emailVerified: false, emailVerifiedAt: null });
    const answer = await send(operation, {
      as: user,
      body: { name: 'Renamed', subscriptionTier: 'plus', emailVerified: true, passwordHash: 'x', sessionVersion: 99, stripeCustomerId: 'cus_1', id: 'other' },
    });
    expect(answer.status).toBe(200);
    const row = await getDb().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ name: 'Renamed', subscriptionTier: 'free', emailVerified: false, passwordHash: user.passwordHash, sessionVersion: 0, stripeCustomerId: null });
  });

  it('POST /tasks and POST /sessions cannot create rows for another user', async () => {
    const user = await freshUser();
    const other = await freshUser();
    const tasks = operations.find((candidate) => candidate.key === 'POST /tasks')!;
    const sessions = operations.find((candidate) => candidate.key === 'POST /sessions')!;
    expect((await send(tasks, { as: user, body: { title: 'Mine', userId: other.id, completed: true, id: 'chosen-id' } })).status).toBe(200);
    expect((await send(sessions, { as: user, body: { userId: other.id, id: 'chosen-session' } })).status).toBe(200);
    expect(await getDb().task.count({ where: { userId: other.id } })).toBe(0);
    expect(await getDb().session.count({ where: { userId: other.id } })).toBe(0);
    const task = await getDb().task.findFirstOrThrow({ where: { userId: user.id } });
    expect(task.id).not.toBe('chosen-id');
    expect(task.completed).toBe(false);
  });
});

describe('methods and cross-origin reads (V13.2.1, V14.5.1, V14.5.3)', () => {
  it('answers a method a path does not have with a JSON 4xx, and never grants CORS', async () => {
    const { handleRest } = await import('@/test/front');
    for (const [method, path] of [['PATCH', '/health'], ['PUT', '/sessions'], ['DELETE', '/auth/me'], ['POST', '/tasks/current'], ['OPTIONS', '/tasks']]) {
      const response = await handleRest(new Request(`http://localhost/api${path}`, { method, headers: { origin: 'https://evil.example' } }));
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    for (const operation of operations) {
      const answer = await send(operation, await VALID[operation.key]!(), { headers: operation.method === 'GET' ? { origin: 'https://evil.example' } : {} });
      expect(answer.headers.get('access-control-allow-origin'), operation.key).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials'), operation.key).toBeNull();
    }
  });
});
