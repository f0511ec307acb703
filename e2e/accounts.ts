// Accounts for browser tests: a real sign-up through the API in the page's own context (so the
// session cookie lands in the browser), verified from the real mail in the outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export const OUTBOX = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e', 'outbox');

export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
export const jsonBody = (data: unknown) => ({ data: data as Record<string, unknown>, headers: { 'content-type': 'application/json' } });

/**
 * The text part of an outbox mail (a complete MIME message, bodies quoted-printable) when it is
 * addressed to `email`, read with a real MIME parser as a mail client would.
 */
export async function outboxMailText(file: string, email: string): Promise<string | undefined> {
  const mail = await simpleParser(await readFile(file));
  const to = Array.isArray(mail.to) ? mail.to.flatMap((item) => item.value) : (mail.to?.value ?? []);
  return to.some((address) => address.address === email) ? (mail.text ?? '') : undefined;
}

/** The text of the newest outbox mail to `email` that matches `pattern` (polls until it arrives). */
export async function mailTo(email: string, pattern: RegExp = /./): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(OUTBOX).catch(() => [] as string[])).sort();
      for (const file of files) {
        const text = await outboxMailText(path.join(OUTBOX, file), email);
        if (text !== undefined && pattern.test(text)) found = text;
      }
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The first link in a mail that matches `pattern`. */
export function linkIn(mail: string, pattern: RegExp): string {
  const link = mail.match(new RegExp(`https?://\\S*${pattern.source}\\S*`))?.[0];
  if (!link) throw new Error(`no link matching ${pattern} in the mail`);
  return link;
}

/** A random address from 198.18.0.0/15 (reserved for testing). */
export const testClientIp = () => `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export type TestAccount = { name: string; email: string; password: string; id: string };

/**
 * Signs up through POST /api/auth/signup with the request context of `target` (a page, its
 * browser context, or an API request context), and verifies the address from the outbox mail
 * unless `verified: false`.
 */
export async function signUpVerified(
  target: Page | BrowserContext | APIRequestContext,
  options: { name?: string; verified?: boolean; email?: string; password?: string; timeZone?: string } = {},
): Promise<TestAccount> {
  const request = 'request' in target ? target.request : target;
  // As the sign-up page does: the account takes the browser's time zone.
  const timeZone = options.timeZone ?? ('evaluate' in target ? await target.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone) : undefined);
  const account = {
    name: options.name ?? 'Ada Lovelace',
    email: options.email ?? uniqueEmail(),
    password: options.password ?? 'correct horse battery',
    ...(timeZone && { timeZone }),
  };
  // Every test signs up a fresh account from the same machine: give each sign-up its own
  // (documentation-range) client address, so the whole suite stays under the real per-IP
  // sign-up limit (30 an hour) that the server enforces.
  const signup = jsonBody(account);
  const response = await request.post('/api/auth/signup', { ...signup, headers: { ...signup.headers, 'x-forwarded-for': testClientIp() } });
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  if (options.verified !== false) {
    const link = linkIn(await mailTo(account.email, /\/verify\//), /\/verify\//);
    const [, , email, token] = new URL(link).pathname.split('/');
    const verified = await request.get(`/api/auth/verify-email?email=${email}&token=${token}`);
    expect(verified.status()).toBe(200);
  }
  return { ...account, id: user.id };
}

/** Creates a task through the REST API as the signed-in user of `target`. */
export async function createTaskViaApi(
  target: Page | BrowserContext | APIRequestContext,
  task: Record<string, unknown>,
): Promise<{ id: string; title: string }> {
  const request = 'request' in target ? target.request : target;
  const response = await request.post('/api/tasks', jsonBody(task));
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}
