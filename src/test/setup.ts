// Per test file: a fresh database cloned from the migrated template, a test environment, and
// msw listening with unhandled requests as errors.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { server } from './msw';

const adminUrl = inject('adminDatabaseUrl');
const database = `t_${randomBytes(6).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${database}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database} TEMPLATE onething_template`);
await admin.end();

process.env.DATABASE_URL = url.toString();
process.env.AUTH_SECRET ??= 'test-secret-that-is-long-enough-for-the-checks-0123456789';
process.env.APP_URL ??= 'http://localhost:3000';
process.env.LOG_LEVEL ??= 'silent';
// In-process REST and tRPC calls have no socket: tests act as one proxy hop in front of the app
// and set X-Forwarded-For per client (as e2e does; src/server/auth/client-ip.ts).
process.env.TRUSTED_PROXIES ??= '1';
for (const key of ['SMTP_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SENTRY_DSN']) {
  delete process.env[key];
}

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  const { getDb } = await import('@/server/db');
  await getDb().$disconnect();
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await cleanup.end();
});
