// No personal data or secrets in the logs, proven on the flows that handle the most of them:
// sign-up, verification from the received mail, sign-in (right and wrong password), forgotten
// password and reset, sign-out, through the app's front (the real REST door), with every byte the
// process writes to stdout and stderr captured at LOG_LEVEL=debug. Neither the address, the
// passwords, the mailed tokens nor the session cookie may appear in it, with a mail server up,
// with it down, and without one (the outbox).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveApi } from '@/test/front';
import { resetEnvCache } from '@/server/env';
import { linkIn, startTestSmtpServer } from '@/test/smtp';
import { captureLogs } from '@/test/log-capture';
import { uniqueEmail } from '@/test/factories';

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let capture: ReturnType<typeof captureLogs> | undefined;
let dataDir: string;
let ip = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'onething-privacy-'));
  process.env.ONETHING_DATA_DIR = dataDir;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.ONETHING_DATA_DIR;
  resetEnvCache();
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  capture?.stop();
  capture = undefined;
});

class Browser {
  cookies = new Map<string, string>();
  readonly ip = `192.0.2.${++ip}`;

  async call(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const headers = new Headers({ 'x-forwarded-for': this.ip, origin: 'http://localhost:3000' });
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (body !== undefined) headers.set('content-type', 'application/json');
    const request = new Request(`http://localhost:3000/api${pathname}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const response = await serveApi(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
}

/** Waits for something the app does in the background (a mail after the answer). */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function expectAbsent(text: string, secrets: string[]): void {
  for (const secret of secrets.filter(Boolean)) {
    expect(text, 'a secret or personal value reached the log').not.toContain(secret);
    expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(text).not.toContain(encodeURIComponent(secret));
  }
}

describe('the logs of the account flows', () => {
  it('hold no address, password, token or cookie with a working mail server', async () => {
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    capture = captureLogs();
    const email = uniqueEmail('Private.Person');
    const password = 'my very private passphrase 1';
    const newPassword = 'another private passphrase 2';
    const browser = new Browser();

    expect((await browser.call('POST', '/auth/signup', { name: 'Private Person', email, password })).status).toBe(200);
    const verifyMail = await smtp.waitForMail((mail) => mail.to.includes(email.toLowerCase()) && /confirm/i.test(mail.subject));
    const verifyLink = linkIn(verifyMail, '/verify/');
    const verifyToken = decodeURIComponent(verifyLink.split('/').pop()!);
    const verify = `/auth/verify-email?${new URLSearchParams({ email, token: verifyToken })}`;
    expect((await browser.call('GET', verify)).status).toBe(200);

    expect((await browser.call('POST', '/auth/signin', { email, password: 'a wrong guess entirely' })).status).toBe(401);
    expect((await browser.call('POST', '/auth/signin', { email, password })).status).toBe(200);
    const sessionCookie = browser.cookies.get('next-auth.session-token')!;
    expect(sessionCookie).toBeTruthy();
    expect((await browser.call('GET', '/auth/me')).status).toBe(200);
    expect((await browser.call('POST', '/auth/signout')).status).toBe(200);

    expect((await browser.call('POST', '/auth/forgot-password', { email })).status).toBe(200);
    expect((await browser.call('POST', '/auth/forgot-password', { email: uniqueEmail('nobody') })).status).toBe(200);
    const resetMail = await smtp.waitForMail((mail) => mail.to.includes(email.toLowerCase()) && /reset/i.test(mail.subject));
    const resetToken = new URL(linkIn(resetMail, '/forgot-password/reset')).searchParams.get('token')!;
    expect((await browser.call('POST', '/auth/reset-password', { email, token: resetToken, newPassword })).status).toBe(200);
    expect((await browser.call('POST', '/auth/reset-password', { email, token: resetToken, newPassword })).status).toBeGreaterThanOrEqual(400);
    expect((await browser.call('POST', '/auth/signin', { email, password: newPassword })).status).toBe(200);

    const text = capture.text();
    expect(capture.lines().some((line) => line.message === 'mail sent')).toBe(true); // the log did see the flow
    expectAbsent(text, [email, email.toLowerCase(), password, newPassword, verifyToken, resetToken, sessionCookie, browser.cookies.get('next-auth.session-token')!]);
  });

  it('hold none of them when the mail server is down (the failure is logged without the address)', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    resetEnvCache();
    capture = captureLogs();
    const email = uniqueEmail('Down.Mail');
    const password = 'passphrase for a down server';
    const browser = new Browser();
    const signup = await browser.call('POST', '/auth/signup', { name: 'Down Mail', email, password });
    expect(signup.status).toBe(200);
    expect(signup.json.verificationEmailSent).toBe(false);
    // The reset mail goes out in the background (the answer must not reveal the account).
    expect((await browser.call('POST', '/auth/forgot-password', { email })).status).toBe(200);
    await until(() => capture!.lines().some((line) => line.message === 'password reset mail was not sent'));
    expect(capture.lines().filter((line) => line.message === 'mail could not be sent')).toHaveLength(2);
    expectAbsent(capture.text(), [email, password]);
  });

  it('hold none of them without a mail server: the outbox file has the link, the log only its path', async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    capture = captureLogs();
    const email = uniqueEmail('Outbox.User');
    const password = 'passphrase kept to myself';
    const browser = new Browser();
    expect((await browser.call('POST', '/auth/signup', { name: 'Outbox User', email, password })).status).toBe(200);
    expect((await browser.call('POST', '/auth/forgot-password', { email })).status).toBe(200);
    let resetFile: string | undefined;
    await until(async () => {
      resetFile = (await readdir(path.join(dataDir, 'outbox'))).find((file) => file.includes('reset'));
      return resetFile !== undefined;
    });
    expect(resetFile).toBeDefined();
    const eml = await readFile(path.join(dataDir, 'outbox', resetFile!), 'utf8');
    // The file is a MIME message (quoted-printable bodies): the link is read from its decoded text.
    const token = /token=([A-Za-z0-9_%-]+)/.exec((await simpleParser(eml)).text ?? '')?.[1];
    expect(token).toBeTruthy();
    const lines = capture.lines().filter((line) => line.message.startsWith('mail written to the outbox'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expectAbsent(capture.text(), [email, password, decodeURIComponent(token!)]);
  });
});
