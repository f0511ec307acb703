// Sessions through both doors against the real database: defaults and default names,
// validation, plan limits (sessions and AI sessions), the tasks of a session,
// deletion that keeps the tasks, and isolation between users.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/server/db';
import { taskItems } from '@/lib/tasks';
import { getUsage } from '@/server/services/usage.service';
import { callerFor, countingCallerFor, createTaskRow, createUser, restAs } from '@/test/factories';

const db = getDb();

const SESSION_KEYS = [
  'createdAt',
  'darkMode',
  'displayMode',
  'dueDate',
  'id',
  'maxTasks',
  'pomodoroBreak',
  'pomodoroWork',
  'selectedTaskIds',
  'sessionDuration',
  'sessionName',
  'sessionType',
  'startedAt',
  'timerDuration',
  'userMood',
];

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/sessions', () => {
  it('fills the defaults: clock, maxTasks 5, pomodoro 25/5, due now, and the numbered default name', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T15:00:00.000Z') });
    const user = await createUser();
    const { status, body } = await restAs(user)('POST', '/sessions');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(SESSION_KEYS);
    expect(body).toMatchObject({
      sessionName: 'Session #1 - 11/22/2026',
      displayMode: 'clock',
      maxTasks: 5,
      pomodoroWork: 25,
      pomodoroBreak: 5,
      sessionDuration: null,
      timerDuration: null,
      dueDate: '2026-11-22T15:00:00.000Z',
      startedAt: '2026-11-22T15:00:00.000Z',
      selectedTaskIds: [],
      sessionType: 'manual',
      userMood: null,
      darkMode: false,
    });
    const second = await callerFor(user).session.create({ sessionName: '   ' });
    expect(second.sessionName).toBe('Session #2 - 11/22/2026');
    expect((await getUsage(db, user.id)).sessionsCreatedThisMonth).toBe(2);
  });

  it("writes the default name's date in the person's time zone", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T02:00:00.000Z') });
    const user = await createUser();
    const session = await callerFor(user).session.create({ timeZone: 'America/New_York' });
    expect(session.sessionName).toBe('Session #1 - 11/22/2026');
  });

  it('keeps the given settings, including clock-date and a trimmed name', async () => {
    const user = await createUser();
    const { body } = await restAs(user)('POST', '/sessions', {
      sessionName: '  Deep work  ',
      displayMode: 'clock-date',
      sessionDuration: 90,
      maxTasks: 3,
      pomodoroWork: 50,
      pomodoroBreak: 10,
      timerDuration: 45,
      dueDate: '2026-12-01T17:00:00.000Z',
      darkMode: true,
    });
    expect(body).toMatchObject({
      sessionName: 'Deep work',
      displayMode: 'clock-date',
      sessionDuration: 90,
      maxTasks: 3,
      pomodoroWork: 50,
      pomodoroBreak: 10,
      timerDuration: 45,
      dueDate: '2026-12-01T17:00:00.000Z',
      darkMode: true,
    });
    expect((await db.session.findUniqueOrThrow({ where: { id: body.id } })).displayMode).toBe('clock_date');
  });

  it("names the session with the account's date when the call gives no zone, on both doors", async () => {
    // 02:00 UTC on the 23rd is still the 22nd in New York, the account's zone.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T02:00:00.000Z') });
    const user = await createUser({ timeZone: 'America/New_York' });
    expect((await callerFor(user).session.create({})).sessionName).toBe('Session #1 - 11/22/2026');
    const { status, body } = await restAs(user)('POST', '/sessions', {});
    expect(status).toBe(200);
    expect(body.sessionName).toBe('Session #2 - 11/22/2026');
    // A dueTime without a zone is read on the account's clock too: 18:30 in New York is 23:30 UTC.
    expect((await callerFor(user).session.create({ dueTime: { hour: 18, minute: 30 } })).dueDate).toBe('2026-11-22T23:30:00.000Z');
  });

  it('combines a dueTime with the dueDate (or today) in the given zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T10:00:00.000Z') });
    const user = await createUser();
    const caller = callerFor(user);
    const utc = await caller.session.create({ dueTime: { hour: 18, minute: 30 } });
    expect(utc.dueDate).toBe('2026-11-22T18:30:00.000Z');
    const london = await caller.session.create({ dueDate: '2026-07-01T00:00:00.000Z', dueTime: { hour: 9, minute: 0 }, timeZone: 'Europe/London' });
    expect(london.dueDate).toBe('2026-07-01T08:00:00.000Z');
  });

  it('creates an AI session with mood and selected tasks, counting it as a session and an AI session', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T15:00:00.000Z') });
    const user = await createUser();
    const caller = callerFor(user);
    const a = await caller.task.create({ title: 'A' });
    const b = await caller.task.create({ title: 'B' });
    const { status, body } = await restAs(user)('POST', '/sessions', {
      sessionType: 'ai',
      userMood: 'focused',
      selectedTaskIds: [a.id, b.id, a.id],
      displayMode: 'pomodoro',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ sessionType: 'ai', userMood: 'focused', selectedTaskIds: [a.id, b.id], displayMode: 'pomodoro' });
    expect(body.sessionName).toMatch(/^AI Session #([0-9]|[1-9][0-9]{1,2}) - 11\/22\/2026$/);
    expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 1, aiSessionsThisMonth: 1 });
  });

  it('starts a session with no task (just focus) on both doors, counted like any other', async () => {
    const user = await createUser();
    const rest = await restAs(user)('POST', '/sessions', { selectedTaskIds: [], displayMode: 'timer', timerDuration: 20 });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ selectedTaskIds: [], displayMode: 'timer', timerDuration: 20 });
    const rpc = await callerFor(user).session.create({ sessionType: 'ai', userMood: 'tired', selectedTaskIds: [] });
    expect(rpc).toMatchObject({ selectedTaskIds: [], sessionType: 'ai' });
    expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 2, aiSessionsThisMonth: 1 });
    // Nothing to show yet: the session's tasks are none, not an error.
    expect(await restAs(user)('GET', `/sessions/${String(rest.body.id)}/tasks`)).toMatchObject({ status: 200, body: [] });
    // The Free plan's limit holds for sessions without tasks too.
    for (let i = 0; i < 18; i++) await callerFor(user).session.create({});
    const over = await restAs(user)('POST', '/sessions', { selectedTaskIds: [] });
    expect(over.status).toBe(403);
    expect(over.body.message).toMatch(/^Session limit reached/);
  });

  it("refuses another user's task among the selected ones with 404, counting nothing", async () => {
    const user = await createUser();
    const other = await createUser();
    const foreign = await callerFor(other).task.create({ title: 'Theirs' });
    const { status, body } = await restAs(user)('POST', '/sessions', { sessionType: 'ai', selectedTaskIds: [foreign.id] });
    expect(status).toBe(404);
    expect(body.message).toBe('Task not found');
    expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 0, aiSessionsThisMonth: 0 });
  });

  it('answers invalid numbers, modes and moods with 400 and the issues', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const cases: [Record<string, unknown>, string][] = [
      [{ maxTasks: 0 }, 'maxTasks'],
      [{ maxTasks: 51 }, 'maxTasks'],
      [{ maxTasks: 2.5 }, 'maxTasks'],
      [{ pomodoroWork: -5 }, 'pomodoroWork'],
      [{ timerDuration: 1441 }, 'timerDuration'],
      [{ sessionDuration: '30' }, 'sessionDuration'],
      [{ displayMode: 'hourglass' }, 'displayMode'],
      [{ userMood: 'grumpy' }, 'userMood'],
      [{ sessionType: 'robot' }, 'sessionType'],
      [{ dueTime: { hour: 24, minute: 0 } }, 'dueTime'],
      [{ dueTime: { hour: 9, minute: 60 } }, 'dueTime'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ darkMode: 'false' }, 'darkMode'],
      [{ sessionName: 'n'.repeat(201) }, 'sessionName'],
    ];
    expect((await rest('POST', '/sessions', { maxTasks: 50, timerDuration: 1440 })).status).toBe(200);
    for (const [input, field] of cases) {
      const { status, body } = await rest('POST', '/sessions', input);
      expect(status, JSON.stringify(input)).toBe(400);
      expect(body.issues[0].path[0]).toBe(field);
    }
    expect((await getUsage(db, user.id)).sessionsCreatedThisMonth).toBe(1);
  });

  it('refuses the 21st session of the month with the limit message', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    for (let i = 0; i < 20; i++) await caller.session.create({});
    const { status, body } = await restAs(user)('POST', '/sessions', {});
    expect(status).toBe(403);
    expect(body).toEqual({
      code: 'FORBIDDEN',
      message: "Session limit reached: you've reached your limit of 20 sessions per month on the Free plan.",
      reason: 'session_limit',
    });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(20);
  });

  it('refuses the 6th AI session on Free, leaving manual sessions available', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    for (let i = 0; i < 5; i++) await caller.session.create({ sessionType: 'ai' });
    await expect(caller.session.create({ sessionType: 'ai' })).rejects.toThrow(
      "AI session limit reached: you've reached your limit of 5 AI sessions per month on the Free plan.",
    );
    expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 5, aiSessionsThisMonth: 5 });
    expect((await restAs(user)('POST', '/sessions', {})).status).toBe(200);
  });

  it('lets exactly 5 of 10 parallel session creates through when 5 are left', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    for (let i = 0; i < 15; i++) await caller.session.create({});
    const rest = restAs(user);
    const results = await Promise.all(Array.from({ length: 10 }, () => rest('POST', '/sessions', {})));
    expect(results.filter((result) => result.status === 200)).toHaveLength(5);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(20);
  });

  it('gives Plus unlimited sessions', async () => {
    const user = await createUser({ subscriptionTier: 'plus' });
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    await db.usageCounter.create({ data: { userId: user.id, month, sessions: 200 } });
    expect((await restAs(user)('POST', '/sessions', {})).status).toBe(200);
  });
});

describe('GET /api/sessions and /api/sessions/{id}', () => {
  it('lists newest first and gets one', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T09:00:00.000Z') });
    const older = await caller.session.create({ sessionName: 'Older' });
    vi.setSystemTime(new Date('2026-11-21T09:00:00.000Z'));
    const newer = await caller.session.create({ sessionName: 'Newer' });
    vi.useRealTimers();
    const rest = restAs(user);
    const list = await rest('GET', '/sessions');
    expect(list.status).toBe(200);
    expect(list.body.map((session: { id: string }) => session.id)).toEqual([newer.id, older.id]);
    const one = await rest('GET', `/sessions/${older.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(older);
  });
});

describe('GET /api/sessions/{id}/tasks', () => {
  it('answers the tasks created in or completed in the session, and nothing else', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const session = await caller.session.create({});
    const elsewhere = await caller.session.create({});
    const createdHere = await caller.task.create({ title: 'Created here', sessionId: session.id });
    const completedHere = await caller.task.create({ title: 'Completed here' });
    await caller.task.complete({ id: completedHere.id, sessionId: session.id });
    const createdElsewhere = await caller.task.create({ title: 'Elsewhere', sessionId: elsewhere.id });
    await caller.task.complete({ id: createdElsewhere.id });
    await caller.task.create({ title: 'No session' });
    const { status, body } = await restAs(user)('GET', `/sessions/${session.id}/tasks`);
    expect(status).toBe(200);
    expect(body.map((task: { id: string }) => task.id)).toEqual([createdHere.id, completedHere.id]);
  });
});

describe('queries', () => {
  it('lists sessions and a session’s tasks with a fixed number of queries, however many rows', async () => {
    const user = await createUser();
    const session = await callerFor(user).session.create({});
    await db.session.createMany({ data: Array.from({ length: 60 }, (_, i) => ({ userId: user.id, sessionName: `S${i}` })) });
    for (let i = 0; i < 30; i++) await createTaskRow(user.id, { title: `T${i}`, sessionId: session.id });
    const counted = countingCallerFor(user);
    expect(await counted.caller.session.list()).toHaveLength(61);
    expect(counted.operations()).toBe(1);
    counted.reset();
    expect(await counted.caller.session.tasks({ id: session.id })).toHaveLength(30);
    expect(counted.operations()).toBe(2); // the ownership check, then the list
  });
});

describe('DELETE /api/sessions/{id}', () => {
  it('deletes the session; its tasks stay, unlinked; no quota comes back', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const session = await caller.session.create({});
    const task = await caller.task.create({ title: 'Stays', sessionId: session.id });
    await caller.task.complete({ id: task.id, sessionId: session.id });
    const rest = restAs(user);
    const { status, body } = await rest('DELETE', `/sessions/${session.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });
    expect((await rest('GET', `/sessions/${session.id}`)).status).toBe(404);
    const [kept] = taskItems(await caller.task.list({}));
    expect(kept).toMatchObject({ id: task.id, sessionId: null, completedInSessionId: null, completed: true });
    expect((await getUsage(db, user.id)).sessionsCreatedThisMonth).toBe(1);
  });
});

describe('isolation between users', () => {
  it("answers 404 for another user's session on every call, on both doors", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const session = await callerFor(owner).session.create({ sessionName: 'Private' });
    await callerFor(owner).task.create({ title: 'Private task', sessionId: session.id });
    const rest = restAs(intruder);
    for (const [method, path] of [
      ['GET', `/sessions/${session.id}`],
      ['GET', `/sessions/${session.id}/tasks`],
      ['DELETE', `/sessions/${session.id}`],
    ] as const) {
      const response = await rest(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ message: 'Session not found', code: 'NOT_FOUND' });
    }
    const caller = callerFor(intruder);
    await expect(caller.session.get({ id: session.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.session.tasks({ id: session.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.session.delete({ id: session.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await rest('GET', '/sessions')).body).toEqual([]);
    expect(await db.session.count({ where: { id: session.id } })).toBe(1);
  });

  it('answers 401 when signed out and 403 before the e-mail is verified', async () => {
    const unverified = await createUser({ emailVerified: false, emailVerifiedAt: null });
    expect((await restAs(null)('POST', '/sessions', {})).status).toBe(401);
    expect((await restAs(unverified)('GET', '/sessions')).status).toBe(403);
  });
});

describe('createFocusSession (reused by the AI session generator)', () => {
  it('takes a partial input, fills the defaults and counts an AI session', async () => {
    const { createFocusSession } = await import('@/server/services/focus-session.service');
    const user = await createUser();
    const session = await createFocusSession(db, user.id, { sessionType: 'ai', sessionName: 'Write the essay', sessionDuration: 60 });
    expect(session).toMatchObject({ sessionName: 'Write the essay', sessionType: 'ai', sessionDuration: 60, maxTasks: 5, displayMode: 'clock' });
    expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 1, aiSessionsThisMonth: 1 });
  });
});
