// Security properties of the production server as a browser or a REST client meets them
// (docs/security.md): the security headers on pages and on the API, the session cookie's flags,
// cross-site writes refused, JSON errors (never a 5xx) for hostile input, and per-IP limits
// keyed on the address the (one, trusted) proxy saw rather than on what the client wrote.
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { jsonBody, signUpVerified, testClientIp, uniqueEmail } from './accounts';

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

test('pages and API answers carry the security headers', async ({ request }) => {
  for (const path of ['/', '/signin', '/api/health', '/api/tasks', '/api/openapi.json', '/api/no-such-call']) {
    const response = await request.get(path);
    const headers = response.headers();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name], `${path} ${name}`).toBe(value);
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
    expect(headers['x-powered-by'], path).toBeUndefined();
    if (path.startsWith('/api/') && path !== '/api/openapi.json') {
      expect(headers['content-type'], path).toMatch(/^application\/json/);
      expect(headers['cache-control'], path).toContain('no-store');
      expect(headers['content-disposition'], path).toBe('attachment; filename="api.json"');
    }
  }
});

test('the session cookie is HttpOnly and SameSite=Lax, and a cross-site write with it is refused', async ({ request }) => {
  const email = uniqueEmail('sec');
  const signup = await request.post('/api/auth/signup', {
    ...jsonBody({ name: 'Grace Hopper', email, password: 'correct horse battery' }),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': testClientIp() },
  });
  expect(signup.status()).toBe(200);
  const cookie = signup.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie' && header.value.includes('session-token='));
  expect(cookie?.value).toMatch(/HttpOnly/i);
  expect(cookie?.value).toMatch(/SameSite=Lax/i);
  expect(cookie?.value).toMatch(/Path=\//);
  const forged = await request.post('/api/auth/signout', { headers: { origin: 'https://evil.example' } });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
  expect((await request.get('/api/auth/me')).status()).toBe(200);
});

test('hostile input answers a JSON 4xx, never a 5xx', async ({ page }) => {
  const { request } = page;
  await signUpVerified(page);
  const attempts = [
    request.get('/api/tasks?constructor=1&__proto__=x'),
    request.post('/api/tasks', { data: '{"title":', headers: { 'content-type': 'application/json' } }),
    request.post('/api/tasks', { data: 'null', headers: { 'content-type': 'application/json' } }),
    request.post('/api/tasks', jsonBody({ title: 'Buy\u0000milk' })),
    request.post('/api/tasks', { data: JSON.stringify({ title: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } }),
    request.get('/api/sessions/%00'),
  ];
  const statuses = [];
  for (const attempt of attempts) {
    const response = await attempt;
    statuses.push(response.status());
    if (response.status() >= 400) {
      const body = (await response.json()) as Record<string, unknown>;
      expect(typeof body.message).toBe('string');
      expect(typeof body.code).toBe('string');
    }
  }
  expect(statuses).toEqual([200, 400, 400, 400, 413, expect.any(Number)]);
  expect(statuses[5]).toBeGreaterThanOrEqual(400);
  expect(statuses[5]).toBeLessThan(500);
});

test('per-IP limits follow the address the proxy appended, not the ones the client wrote', async ({ request }) => {
  // The suite runs the app with TRUSTED_PROXIES=1, acting as that proxy: the last entry is the
  // client's real address. 100 failed sign-ins per IP per 15 minutes; forged entries to the left
  // must not give a client fresh buckets. 10 per account, so spread over accounts.
  const real = testClientIp();
  let refused = 0;
  for (let attempt = 0; attempt < 101; attempt += 1) {
    const response = await request.post('/api/auth/signin', {
      ...jsonBody({ email: uniqueEmail(`ip${attempt}`), password: 'wrong password' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `${testClientIp()}, ${real}` },
    });
    if (response.status() === 429) refused += 1;
    else expect(response.status()).toBe(401);
  }
  expect(refused).toBe(1);
});

test('serves no source, configuration or repository metadata', async ({ request }) => {
  for (const path of ['/.git/HEAD', '/.git/config', '/.env', '/.env.example', '/package.json', '/.next/BUILD_ID', '/prisma/schema.prisma', '/src/server/env.ts', '/.data/auth-secret']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const text = await response.text();
    expect(text, path).not.toMatch(/ref: refs\/|DATABASE_URL|AUTH_SECRET|"dependencies"|datasource db|\[core\]/);
  }
});

/** A request exactly as written (fetch refuses TRACE, and Playwright follows redirects). */
function raw(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

test('no request, however malformed, gets a 5xx: unknown methods, next-auth with broken input, a hostile router-state header, year 0000', async ({ page, baseURL }) => {
  for (const path of ['/api/tasks', '/api/health', '/api/auth/session', '/api/trpc/auth.me', '/', '/dashboard']) {
    for (const method of ['TRACE', 'PROPFIND']) {
      const answer = await raw(`${baseURL}${path}`, method);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow, `${method} ${path}`).toBeTruthy();
      if (path.startsWith('/api')) expect(JSON.parse(answer.body)).toMatchObject({ code: 'METHOD_NOT_SUPPORTED' });
    }
  }

  const nextAuth = [
    await raw(`${baseURL}/api/auth/session`, 'POST', { 'content-type': 'application/json' }, '{bad'),
    await raw(`${baseURL}/api/auth/callback/credentials`, 'GET'),
    await raw(`${baseURL}/api/auth/signin?callbackUrl=javascript:alert(1)`, 'GET'),
    await raw(`${baseURL}/api/auth/csrf`, 'POST', { 'content-type': 'application/json' }, '[1'),
    await raw(`${baseURL}/api/auth/providers`, 'GET', { cookie: 'next-auth.callback-url=javascript%3Aalert(1)' }),
  ];
  for (const answer of nextAuth) {
    expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.body).toBeLessThan(500);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  }
  // next-auth's ordinary routes still answer.
  expect((await raw(`${baseURL}/api/auth/csrf`, 'GET')).status).toBe(200);

  // A dynamic page asked for its RSC payload with a broken router state: 400, not a render crash.
  await signUpVerified(page);
  const cookie = (await page.context().cookies()).map((item) => `${item.name}=${item.value}`).join('; ');
  for (const tree of ['%7Bbad', '[1,2]']) {
    const first = await raw(`${baseURL}/dashboard`, 'GET', { cookie, rsc: '1', 'next-router-state-tree': tree });
    const location = first.headers.location;
    const answer = location ? await raw(new URL(location, baseURL).toString(), 'GET', { cookie, rsc: '1', 'next-router-state-tree': tree }) : first;
    expect(answer.status, `${tree}: ${answer.body.slice(0, 200)}`).toBe(400);
  }
  // ... while the real client router keeps navigating.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Sessions' }).first().click();
  await expect(page).toHaveURL(/\/sessions$/);

  // Year 0000 on the REST door.
  const created = await page.request.post('/api/tasks', jsonBody({ title: 'Long ago', dueDate: '0000-01-01T00:00:00Z' }));
  expect(created.status()).toBe(400);
  expect(JSON.stringify(await created.json())).toContain('between the years 1 and 9999');
});
