// Sends e-mail. With SMTP_URL: nodemailer over SMTP. Without: nodemailer builds the very message
// it would send over SMTP (its stream transport: multipart text and HTML, Date, Message-ID) and
// that is written to .data/outbox/ as an .eml file; its path is logged (its links too under
// `npm run dev`), so a new user of the embedded default can still verify their address. A failing SMTP server raises MailUnavailableError,
// which the API turns into a clear 503.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { processSingleton } from '@/server/process-singleton';

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A kind for the logs (never the address): verify, reset, reminder, contact. */
  kind: string;
  /** Where replies go (the contact notice answers the sender). */
  replyTo?: string;
};

export class MailUnavailableError extends Error {
  override name = 'MailUnavailableError';
}

const shared = processSingleton('mailTransport', () => ({
  transporter: undefined as Transporter | undefined,
  transporterUrl: undefined as string | undefined,
  outboxTransporter: undefined as Transporter | undefined,
}));

function smtp(url: string): Transporter {
  if (!shared.transporter || shared.transporterUrl !== url) {
    shared.transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    shared.transporterUrl = url;
  }
  return shared.transporter;
}

function outboxDir(): string {
  return path.resolve(process.env.ONETHING_DATA_DIR ?? '.data', 'outbox');
}

function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  // One message for both ways out, so the outbox file is what SMTP would have carried. Its
  // bodies get CRLF line ends up front: SMTP turns bare LFs into CRLF on the wire, the outbox
  // stream would keep them.
  const crlf = (body: string) => body.replace(/\r?\n/g, '\r\n');
  const message = { from: MAIL_FROM, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, html: crlf(mail.html), text: crlf(mail.text) };
  if (SMTP_URL) {
    try {
      await smtp(SMTP_URL).sendMail(message);
      log.info('mail sent', { kind: mail.kind });
    } catch (error) {
      log.error('mail could not be sent', { kind: mail.kind, error: (error as Error).message });
      throw new MailUnavailableError('Email could not be sent right now. Please try again later.');
    }
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.kind}-${Math.random().toString(36).slice(2, 8)}.eml`);
  shared.outboxTransporter ??= nodemailer.createTransport({ streamTransport: true, buffer: true });
  // With `buffer: true` the stream transport answers the whole message as a Buffer.
  const { message: eml } = (await shared.outboxTransporter.sendMail(message)) as { message: Buffer };
  await writeFile(file, eml, { mode: 0o600 });
  // The links carry single-use tokens (and a verification link the address): only `npm run dev`
  // prints them, for a local user without a mail server. Elsewhere the log names the file (mode
  // 0600), so no token or address reaches a log collector.
  if (process.env.NODE_ENV === 'development') {
    log.info('mail written to the outbox (SMTP_URL is not set)', { kind: mail.kind, file, links: linksIn(mail.text) });
  } else {
    log.info('mail written to the outbox (SMTP_URL is not set); its links are in the file', { kind: mail.kind, file });
  }
}
