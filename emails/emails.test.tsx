// The four e-mails: HTML and plain text, links that work in both, light and dark friendly,
// user-supplied text escaped; and the outbox used when SMTP_URL is not set.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import {
  confirmEmailChangeMail,
  contactNoticeMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  resetPasswordMail,
  taskReminderMail,
  verifyEmailMail,
} from '@/server/mail/messages';
import { sendMail } from '@/server/mail/transport';

const link = 'http://localhost:3000/verify/ada%40example.com/abc_DEF-123';

describe('templates', () => {
  it('verification: the link in the button, in the HTML text and alone on a line of the plain text', async () => {
    const mail = await verifyEmailMail('ada@example.com', { link, hours: 24 });
    expect(mail).toMatchObject({ to: 'ada@example.com', kind: 'verify', subject: 'Confirm your e-mail address for Onething' });
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Verify my e-mail');
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.text).toContain('24 hours');
  });

  it('reset: the one-time link with its query string intact', async () => {
    const resetLink = 'http://localhost:3000/forgot-password/reset?email=ada%40example.com&token=abc';
    const mail = await resetPasswordMail('ada@example.com', { link: resetLink, minutes: 60 });
    expect(mail.html).toContain(`href="${resetLink.replace('&', '&amp;')}"`);
    expect(mail.text.split('\n')).toContain(resetLink);
    expect(mail.text).toContain('60 minutes');
  });

  it('task reminder: the task, when it is due, and the way to the dashboard and the settings', async () => {
    const mail = await taskReminderMail('ada@example.com', {
      name: 'Ada',
      taskTitle: 'Send the\nquarterly report',
      dueText: 'today at 14:30',
      dashboardLink: 'http://localhost:3000/dashboard',
      preferencesLink: 'http://localhost:3000/account',
    });
    expect(mail.subject).toBe('Due soon: Send the quarterly report');
    expect(mail.html).toContain('today at 14:30');
    expect(mail.html).toContain('href="http://localhost:3000/dashboard"');
    expect(mail.text).toContain('http://localhost:3000/dashboard');
    expect(mail.text).toContain('http://localhost:3000/account');
  });

  it('contact notice: escapes what the visitor wrote and replies to them', async () => {
    const mail = await contactNoticeMail('team@onething.test', {
      name: 'Eve <script>',
      email: 'eve@example.com',
      message: '<img src=x onerror=alert(1)>',
      receivedAt: '2026-11-22T09:30:00.000Z',
      signedIn: false,
    });
    expect(mail.replyTo).toBe('eve@example.com');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
  });

  it('e-mail change: the link goes to the new address with nothing the requester wrote; the notice names the new address', async () => {
    const changeLink = 'http://localhost:3000/verify/new%40example.com/abc';
    const mail = await confirmEmailChangeMail('new@example.com', { link: changeLink, hours: 24 });
    expect(mail).toMatchObject({ to: 'new@example.com', kind: 'email-change', subject: 'Confirm your new e-mail address for Onething' });
    expect(mail.html).toContain(`href="${changeLink}"`);
    expect(mail.text.split('\n')).toContain(changeLink);
    expect(mail.text).toContain('If you did not ask for this, ignore this e-mail');
    const notice = await emailChangeNoticeMail('ada@example.com', { newEmail: 'new@example.com', accountLink: 'http://localhost:3000/account' });
    expect(notice).toMatchObject({ to: 'ada@example.com', kind: 'email-change-notice' });
    expect(notice.text).toContain('new@example.com');
    expect(notice.html).toContain('href="http://localhost:3000/account"');
  });

  it('password changed: tells the owner and links to a reset', async () => {
    const mail = await passwordChangedMail('ada@example.com', { resetLink: 'http://localhost:3000/forgot-password' });
    expect(mail.subject).toBe('Your Onething password was changed');
    expect(mail.html).toContain('href="http://localhost:3000/forgot-password"');
    expect(mail.text.split('\n')).toContain('http://localhost:3000/forgot-password');
  });

  it('all follow light and dark mode', async () => {
    const mails = await Promise.all([
      verifyEmailMail('a@example.com', { link, hours: 24 }),
      resetPasswordMail('a@example.com', { link, minutes: 60 }),
      contactNoticeMail('t@example.com', { name: 'A', email: 'a@example.com', message: 'hi', receivedAt: 'now', signedIn: true }),
      confirmEmailChangeMail('a@example.com', { link, hours: 24 }),
      emailChangeNoticeMail('a@example.com', { newEmail: 'b@example.com', accountLink: link }),
      passwordChangedMail('a@example.com', { resetLink: link }),
    ]);
    for (const mail of mails) {
      expect(mail.html).toContain('name="color-scheme" content="light dark"');
      expect(mail.html).toContain('prefers-color-scheme: dark');
      expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
    }
  });
});

describe('the outbox (no SMTP_URL)', () => {
  const previous = process.env.ONETHING_DATA_DIR;
  let dir: string | undefined;
  afterEach(async () => {
    if (previous === undefined) delete process.env.ONETHING_DATA_DIR;
    else process.env.ONETHING_DATA_DIR = previous;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps each mail as an .eml file whose link can be opened', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'onething-outbox-'));
    process.env.ONETHING_DATA_DIR = dir;
    await sendMail(await verifyEmailMail('ada@example.com', { link, hours: 24 }));
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    // A complete MIME message: read as a mail client reads it, the link is whole on its own line.
    const mail = await simpleParser(await readFile(path.join(dir, 'outbox', files[0]!)));
    expect(Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address).toBe('ada@example.com');
    expect(mail.text?.replace(/\r\n/g, '\n')).toContain(`\n${link}\n`);
    expect(mail.html).toContain(`href="${link}"`);
  });
});
