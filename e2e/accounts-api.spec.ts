// Accounts through the real server as a REST client with a cookie jar (Playwright's `request`):
// sign up, read the verification mail from the outbox (SMTP_URL is not set), verify, me, sign
// out, me is 401; and next-auth's own routes still answer beside the JSON calls.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { outboxMailText } from './accounts';

const outbox = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox');

async function mailFor(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      for (const file of files) {
        const text = await outboxMailText(path.join(outbox, file), email);
        if (text !== undefined) found = text;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const json = (data: unknown) => ({ data: data as Record<string, unknown>, headers: { 'content-type': 'application/json' } });

async function signUp(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/signup', json({ name: 'Ada', email, password }));
  expect(response.status()).toBe(200);
  return response;
}

test('sign up, verify from the outbox mail, me, sign out, me is 401', async ({ request }) => {
  const email = uniqueEmail();
  const signup = await signUp(request, email, 'correct horse battery');
  const body = await signup.json();
  expect(body.user).toMatchObject({ email, emailVerified: false, subscriptionTier: 'free' });
  expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2/);
  const cookie = signup.headers()['set-cookie'] ?? '';
  expect(cookie).toContain('next-auth.session-token=');
  expect(cookie).toContain('HttpOnly');
  expect(cookie).toContain('SameSite=Lax');

  const me = await request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email, emailVerified: false });

  // The mail's link, on APP_URL, carries the address and the token in its path.
  const mail = await mailFor(email);
  const link = mail.match(/https?:\/\/\S+\/verify\/\S+/)?.[0];
  expect(link).toBeDefined();
  expect(link!.startsWith(`${baseURL}/verify/`)).toBe(true);
  const [, , linkEmail, token] = new URL(link!).pathname.split('/');
  const verified = await request.get(`/api/auth/verify-email?email=${linkEmail}&token=${token}`);
  expect(await verified.json()).toEqual({ status: 'verified' });
  expect(await (await request.get('/api/auth/me')).json()).toMatchObject({ emailVerified: true });

  // next-auth reads the same cookie.
  const session = await request.get('/api/auth/session');
  expect(session.status()).toBe(200);
  expect((await session.json()).user?.id).toBe(body.user.id);

  const out = await request.post('/api/auth/signout');
  expect(out.status()).toBe(200);
  expect(await out.json()).toEqual({ success: true });
  const after = await request.get('/api/auth/me');
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
  expect(await (await request.get('/api/auth/session')).json()).toEqual({});

  // Sign in again with the JSON call, then use a personal access token without the cookie.
  expect((await request.post('/api/auth/signin', json({ email, password: 'correct horse battery' }))).status()).toBe(200);
  const created = await (await request.post('/api/user/tokens', json({ name: 'e2e' }))).json();
  const bearer = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${created.token}`, cookie: '' } });
  expect(bearer.status()).toBe(200);
  expect((await bearer.json()).email).toBe(email);
});

test("next-auth's own routes answer beside the JSON calls, and its credentials sign-in works", async ({ request }) => {
  const providers = await request.get('/api/auth/providers');
  expect(providers.status()).toBe(200);
  expect(await providers.json()).toMatchObject({ credentials: { id: 'credentials', type: 'credentials' } });

  const csrf = await request.get('/api/auth/csrf');
  expect(csrf.status()).toBe(200);
  const { csrfToken } = await csrf.json();
  expect(typeof csrfToken).toBe('string');

  const page = await request.get('/api/auth/signin', { maxRedirects: 0 });
  expect(page.status()).toBe(302);
  expect(page.headers().location).toContain('/signin');

  const email = uniqueEmail();
  await signUp(request, email, 'a long passphrase');
  await request.post('/api/auth/signout');
  expect((await request.get('/api/auth/me')).status()).toBe(401);

  const wrong = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: 'not the password', json: 'true' },
  });
  expect((await wrong.json()).url).toContain('error=CredentialsSignin');
  expect((await request.get('/api/auth/me')).status()).toBe(401);

  const signin = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password: 'a long passphrase', json: 'true' },
  });
  expect(signin.status()).toBe(200);
  const me = await request.get('/api/auth/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);
});

test('a cross-site form post cannot sign the browser out', async ({ request }) => {
  const email = uniqueEmail();
  await signUp(request, email, 'a long passphrase');
  const forged = await request.post('/api/auth/signout', { headers: { origin: 'https://evil.example' } });
  expect(forged.status()).toBe(403);
  expect((await request.get('/api/auth/me')).status()).toBe(200);
});
