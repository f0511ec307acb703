// Mail without SMTP_URL lands in the outbox as the complete MIME message nodemailer would send
// over SMTP: multipart text and HTML, Date, Message-ID. Read with a real MIME parser (mailparser),
// and compared with the same mail sent through a real SMTP server.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { verifyEmailMail } from './messages';
import { startTestSmtpServer } from '@/test/smtp';
import { sendMail, type OutgoingMail } from './transport';

let dataDir: string;
const previousDataDir = process.env.ONETHING_DATA_DIR;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  process.env.ONETHING_DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
});

afterEach(async () => {
  if (previousDataDir === undefined) delete process.env.ONETHING_DATA_DIR;
  else process.env.ONETHING_DATA_DIR = previousDataDir;
  await rm(dataDir, { recursive: true, force: true });
});

async function outboxMails(): Promise<{ raw: string; parsed: ParsedMail }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => {
    const raw = await readFile(path.join(dir, file), 'utf8');
    return { raw, parsed: await simpleParser(raw) };
  }));
}

// A long link with `=` and `&` (quoted-printable territory) and a non-ASCII subject.
const link = 'http://localhost:3000/forgot-password/reset?email=ada%2Btest%40example.com&token=0123456789abcdef0123456789abcdef0123456789abcdef';
const mail: OutgoingMail = {
  to: 'ada+test@example.com',
  subject: 'Réinitialiser — your Onething password',
  text: `Hello Ada,\n\nReset your password here: ${link}\n\nThe link works once, for 1 hour.`,
  html: `<p>Hello Ada,</p><p><a href="${link}">Reset your password</a></p><p>The link works once, for 1 hour.</p>`,
  kind: 'reset',
  replyTo: 'help@onething.test',
};

describe('the outbox (no SMTP_URL)', () => {
  it('holds a complete MIME message: text and HTML parts, Date, Message-ID, the headers', async () => {
    const before = Date.now();
    await sendMail(mail);
    const [written] = await outboxMails();
    const parsed = written!.parsed;
    expect(parsed.text?.replace(/\r\n/g, '\n').trim()).toBe(mail.text);
    expect(parsed.html).toBe(mail.html);
    expect(parsed.subject).toBe(mail.subject);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.address : undefined).toBe(mail.to);
    expect(parsed.from?.value[0]?.address).toBe('no-reply@onething.local');
    expect(parsed.replyTo?.value[0]?.address).toBe('help@onething.test');
    expect(parsed.messageId).toMatch(/^<[^@\s]+@[^>\s]+>$/);
    expect(parsed.date!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(parsed.headers.get('mime-version')).toBe('1.0');
    expect((parsed.headers.get('content-type') as { value: string }).value).toBe('multipart/alternative');
    // As on the wire: CRLF line ends, no line over SMTP's 998 characters.
    expect(written!.raw).toContain('\r\n\r\n');
    expect(written!.raw.replace(/\r\n/g, '')).not.toContain('\n');
    expect(Math.max(...written!.raw.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(998);
  });

  it('writes one file per mail, each with its own Message-ID', async () => {
    await sendMail(mail);
    await sendMail({ ...mail, to: 'grace@example.com' });
    const mails = await outboxMails();
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((item) => item.parsed.messageId)).size).toBe(2);
  });

  it('holds a real product mail (react-email) whole', async () => {
    await sendMail(await verifyEmailMail('new@example.com', { link: 'http://localhost:3000/verify/new%40example.com/abc123', hours: 24 }));
    const [written] = await outboxMails();
    expect(written!.parsed.text).toContain('http://localhost:3000/verify/new%40example.com/abc123');
    expect(written!.parsed.html).toContain('href="http://localhost:3000/verify/new%40example.com/abc123"');
  });
});

describe('the outbox and SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    delete process.env.SMTP_URL;
    resetEnvCache();
  });

  it('carry the same message: the same headers and parts, only the Date, Message-ID and boundaries differ', async () => {
    await sendMail(mail);
    const [written] = await outboxMails();
    process.env.SMTP_URL = smtp.url;
    resetEnvCache();
    await sendMail(mail);
    const received = await smtp.waitForMail((item) => item.to.includes(mail.to));
    const overSmtp = await simpleParser(received.raw);
    const fromOutbox = written!.parsed;
    const shape = (parsed: ParsedMail) => ({
      subject: parsed.subject,
      from: parsed.from?.text,
      to: Array.isArray(parsed.to) ? undefined : parsed.to?.text,
      replyTo: parsed.replyTo?.text,
      text: parsed.text,
      html: parsed.html,
      headers: [...parsed.headers.keys()].sort(),
    });
    expect(shape(fromOutbox)).toEqual(shape(overSmtp));
    expect(fromOutbox.messageId).not.toBe(overSmtp.messageId);
  });
});
