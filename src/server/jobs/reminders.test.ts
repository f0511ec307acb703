// E-mail reminders, end to end: due-soon tasks of users who want reminders reach a real SMTP
// server started here, exactly once even when two app instances run the job at the same
// moment, again after the due date changes, and again after a failed send.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import type { OutgoingMail } from '@/server/mail/transport';
import { callerFor, createTaskRow, createUser } from '@/test/factories';
import { runReminders } from './reminders';

type Received = { to: string[]; raw: string };

const db = getDb();
const received: Received[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(async () => {
  received.length = 0;
  // Each test starts from a clean slate of tasks (users from earlier tests stay).
  await db.task.deleteMany({});
});

afterEach(() => {
  received.length = 0;
});

const HOUR = 3_600_000;
const now = new Date('2026-11-22T08:00:00.000Z');
const at = (hours: number) => new Date(now.getTime() + hours * HOUR);

/** Decodes headers' encoded words and a quoted-printable body, enough to read links and titles. */
const decode = (raw: string) =>
  decodeURIComponent(
    raw
      .replace(/\r\n[ \t]/g, ' ')
      .replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/g, (_, word: string) => word.replace(/_/g, ' '))
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/g, '%$1'),
  );

describe('runReminders', () => {
  it('mails each open task due within 12 hours to users who want reminders, linking to the task', async () => {
    const alice = await createUser({ name: 'Alice' });
    const quiet = await createUser({ emailRemindersEnabled: false });
    const unverified = await createUser({ emailVerified: false, emailVerifiedAt: null });
    const dueSoon = await createTaskRow(alice.id, { title: 'Submit the <report>', dueDate: at(3) });
    const edge = await createTaskRow(alice.id, { title: 'Right at the edge', dueDate: at(12) });
    await createTaskRow(alice.id, { title: 'Too far', dueDate: at(12.5) });
    await createTaskRow(alice.id, { title: 'Already overdue', dueDate: at(-1) });
    await createTaskRow(alice.id, { title: 'Done already', dueDate: at(2), completed: true, completedAt: now });
    await createTaskRow(alice.id, { title: 'No date' });
    await createTaskRow(quiet.id, { title: 'Reminders off', dueDate: at(2) });
    await createTaskRow(unverified.id, { title: 'Unverified', dueDate: at(2) });

    const result = await runReminders(db, { now });

    expect(result).toEqual({ sent: 2, failed: 0, pushed: 0 });
    expect(received).toHaveLength(2);
    expect(received.every((mail) => mail.to.length === 1 && mail.to[0] === alice.email)).toBe(true);
    const bodies = received.map((mail) => decode(mail.raw));
    const first = bodies.find((body) => body.includes(dueSoon.id))!;
    expect(first).toMatch(/Subject: Due soon: Submit the <report>/);
    expect(first).toContain(`http://localhost:3000/dashboard?task=${dueSoon.id}`);
    expect(first).toContain('Sunday 22 November 2026 at 11:00 UTC');
    expect(first).toContain('&lt;report&gt;');
    expect(bodies.some((body) => body.includes(edge.id))).toBe(true);
  });

  it("says the due time on the reader's own clock, across a daylight-saving change", async () => {
    const user = await createUser({ name: 'Nora', timeZone: 'America/New_York' });
    // 17:00 in New York is 21:00 UTC in summer time (EDT) and 22:00 UTC after 1 November (EST).
    const summer = await createTaskRow(user.id, { title: 'Before the change', dueDate: new Date('2026-10-30T21:00:00.000Z') });
    const winter = await createTaskRow(user.id, { title: 'After the change', dueDate: new Date('2026-11-02T22:00:00.000Z') });
    await runReminders(db, { now: new Date('2026-10-30T12:00:00.000Z') });
    await runReminders(db, { now: new Date('2026-11-02T12:00:00.000Z') });
    const bodies = received.map((mail) => decode(mail.raw));
    expect(bodies).toHaveLength(2);
    const before = bodies.find((body) => body.includes(summer.id))!;
    const after = bodies.find((body) => body.includes(winter.id))!;
    expect(before).toContain('Friday 30 October 2026 at 17:00 (America/New_York)');
    expect(after).toContain('Monday 2 November 2026 at 17:00 (America/New_York)');
    expect(after).not.toContain('22:00');
  });

  it('sends each reminder once even when two instances run the job at the same moment', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser()));
    for (const user of users) {
      for (let i = 0; i < 10; i++) await createTaskRow(user.id, { title: `Task ${i}`, dueDate: at(1 + i / 2) });
    }
    const otherInstance = createDb(process.env.DATABASE_URL!);
    try {
      const mails: OutgoingMail[] = [];
      const send = async (mail: OutgoingMail) => {
        mails.push(mail);
      };
      const results = await Promise.all([
        runReminders(db, { now, send, batchSize: 7 }),
        runReminders(otherInstance, { now, send, batchSize: 7 }),
        runReminders(db, { now, send, batchSize: 7 }),
      ]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(30);
      expect(mails).toHaveLength(30);
      expect(new Set(mails.map((mail) => mail.text.match(/task=(\S+)/)![1])).size).toBe(30);
      expect(await runReminders(otherInstance, { now: at(0.25), send })).toEqual({ sent: 0, failed: 0, pushed: 0 });
      expect(mails).toHaveLength(30);
    } finally {
      await otherInstance.$disconnect();
    }
  });

  it('re-arms when the due date changes, and not when it stays', async () => {
    const user = await createUser();
    const task = await createTaskRow(user.id, { title: 'Moving target', dueDate: at(2) });
    expect((await runReminders(db, { now })).sent).toBe(1);
    expect((await runReminders(db, { now: at(0.5) })).sent).toBe(0);
    await callerFor(user).task.patch({ id: task.id, dueDate: at(5).toISOString() });
    expect((await runReminders(db, { now: at(1) })).sent).toBe(1);
    expect(received).toHaveLength(2);
  });

  it('sends nothing to someone who turned reminders off, and resumes when turned back on', async () => {
    const user = await createUser({ emailRemindersEnabled: false });
    await createTaskRow(user.id, { title: 'Quiet please', dueDate: at(4) });
    expect(await runReminders(db, { now })).toEqual({ sent: 0, failed: 0, pushed: 0 });
    await db.user.update({ where: { id: user.id }, data: { emailRemindersEnabled: true } });
    expect((await runReminders(db, { now })).sent).toBe(1);
  });

  it('releases the claim when sending fails, so the next run retries', async () => {
    const user = await createUser();
    await createTaskRow(user.id, { title: 'Retry me', dueDate: at(2) });
    const failing = async () => {
      throw new Error('SMTP is down');
    };
    expect(await runReminders(db, { now, send: failing })).toEqual({ sent: 0, failed: 1, pushed: 0 });
    expect(await db.sentReminder.count()).toBe(0);
    expect(await runReminders(db, { now })).toEqual({ sent: 1, failed: 0, pushed: 0 });
    expect(received).toHaveLength(1);
  });

  it('forgets claims of tasks long past due', async () => {
    const user = await createUser();
    await createTaskRow(user.id, { title: 'Old', dueDate: at(2) });
    await runReminders(db, { now });
    expect(await db.sentReminder.count()).toBe(1);
    await runReminders(db, { now: at(60) });
    expect(await db.sentReminder.count()).toBe(0);
  });
});
