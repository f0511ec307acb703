// Each reminder run has an id of its own on its log lines (as a request has), so an operator
// can follow one run of one instance; a failed send is logged without the recipient.
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { runWithRequestId } from '@/server/request-context';
import { captureLogs } from '@/test/log-capture';
import { createTaskRow, createUser } from '@/test/factories';
import { runReminders } from './reminders';

const db = getDb();
const now = new Date('2026-11-22T08:00:00.000Z');
let capture: ReturnType<typeof captureLogs> | undefined;
afterEach(() => {
  capture?.stop();
  capture = undefined;
});

async function dueTask() {
  const user = await createUser({ emailRemindersEnabled: true });
  await createTaskRow(user.id, { title: 'Due soon', dueDate: new Date(now.getTime() + 3_600_000) });
  return user;
}

describe('reminder run ids', () => {
  it('every run gets a fresh reminders-<uuid> id on its lines; a failed send names no address', async () => {
    capture = captureLogs();
    const user = await dueTask();
    await runReminders(db, { now, send: async () => Promise.reject(new Error(`mailbox ${user.email} unavailable`)) });
    await runReminders(db, { now, send: async () => {} });
    const lines = capture.lines();
    const failed = lines.find((line) => line.message.startsWith('reminder not sent'));
    const sent = lines.filter((line) => line.message === 'reminders run');
    expect(failed?.requestId).toMatch(/^reminders-[0-9a-f-]{36}$/);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.requestId).toBe(failed!.requestId);
    expect(sent[1]!.requestId).toMatch(/^reminders-/);
    expect(sent[1]!.requestId).not.toBe(sent[0]!.requestId);
    expect(capture.text()).not.toContain(user.email);
  });

  it('a run started inside a scope (the in-app schedule) keeps that id', async () => {
    capture = captureLogs();
    await dueTask();
    await runWithRequestId('reminders-scheduled-0001', () => runReminders(db, { now, send: async () => {} }));
    expect(capture.lines().find((line) => line.message === 'reminders run')?.requestId).toBe('reminders-scheduled-0001');
  });
});
