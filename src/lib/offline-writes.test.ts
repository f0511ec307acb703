import { describe, expect, it } from 'vitest';
import { ZTaskOutput, type TTaskOutput } from './schemas/task';
import { TEMP_ID_PREFIX } from './offline-ids';
import { applyWrites, neverCreatedMessage, optimisticTask, refusalMessage, restCallOf, ZPageMessage, ZTaskWrite, type QueuedWrite } from './offline-writes';

const at = '2026-11-27T09:00:00.000Z';
const create = (input: Record<string, unknown>, key = 'key-1'): QueuedWrite & { kind: 'create' } => ({
  ...(ZTaskWrite.parse({ kind: 'create', key, input }) as QueuedWrite & { kind: 'create' }),
  account: 'user-a',
  at,
  tempId: `${TEMP_ID_PREFIX}${key}`,
});
const task = (id: string, title: string): TTaskOutput => ({ ...optimisticTask(create({ title })), id, title });

describe('offline writes', () => {
  it('a queued creation looks like a task of the API: every field of its schema, the API\'s title rule and defaults', () => {
    const shown = optimisticTask(create({ title: '  Written on the train  ', sessionId: 'session-1' }));
    expect(ZTaskOutput.strict().parse(shown)).toEqual(shown);
    expect(shown).toMatchObject({ id: 'offline-key-1', title: 'Written on the train', importance: 'Medium', difficulty: 'Medium', sessionId: 'session-1', completed: false, createdAt: at, firstStep: null });
    expect(optimisticTask(create({ title: 'Write the report', firstStep: '  Open the draft  ' })).firstStep).toBe('Open the draft');
    expect(optimisticTask(create({ title: 'Write the report', firstStep: '   ' })).firstStep).toBeNull();
  });

  it('refuses what the API would refuse, before it is kept', () => {
    expect(ZTaskWrite.safeParse({ kind: 'create', key: 'k', input: { title: '   ' } }).success).toBe(false);
    expect(ZTaskWrite.safeParse({ kind: 'create', key: 'k', input: { title: 'x', color: 'blue' } }).success).toBe(false);
    expect(ZTaskWrite.safeParse({ kind: 'complete', key: 'has space', taskId: 't' }).success).toBe(false);
    expect(ZPageMessage.safeParse({ type: 'queue', write: { kind: 'complete', key: 'k', taskId: 't' } }).success).toBe(true);
    expect(ZPageMessage.safeParse({ type: 'unknown' }).success).toBe(false);
    expect(ZTaskWrite.safeParse({ kind: 'create', key: 'k', input: { title: 'x', firstStep: 'x'.repeat(201) } }).success).toBe(false);
    // Focused seconds as POST /api/tasks/{id}/focus reads them: whole, 1 to 14400.
    expect(ZTaskWrite.safeParse({ kind: 'focus', key: 'k', taskId: 't', seconds: 600 }).success).toBe(true);
    expect(ZTaskWrite.safeParse({ kind: 'focus', key: 'k', taskId: 't', seconds: 0 }).success).toBe(false);
    expect(ZTaskWrite.safeParse({ kind: 'focus', key: 'k', taskId: 't', seconds: 1.5 }).success).toBe(false);
    expect(ZTaskWrite.safeParse({ kind: 'focus', key: 'k', taskId: 't', seconds: 14_401 }).success).toBe(false);
  });

  it('shows the queue over a task list, in order: a creation joins it once, a completion marks it done', () => {
    const made = create({ title: 'Buy stamps' });
    const done: QueuedWrite = { kind: 'complete', key: 'key-2', taskId: 'task-1', sessionId: 'session-1', account: 'user-a', at };
    const doneMade: QueuedWrite = { kind: 'complete', key: 'key-3', taskId: made.tempId!, account: 'user-a', at };
    const list = applyWrites([task('task-1', 'Call the bank')], [made, done, doneMade, made]);
    expect(list.map((t) => `${t.id}:${t.completed}:${t.completedInSessionId}`)).toEqual(['task-1:true:session-1', 'offline-key-1:true:null']);
    // Focused seconds change nothing shown: the server's actualMinutes rounds the task's whole sum.
    const focused: QueuedWrite = { kind: 'focus', key: 'key-4', taskId: 'task-1', seconds: 600, account: 'user-a', at };
    expect(applyWrites([task('task-1', 'Call the bank')], [focused])).toEqual([task('task-1', 'Call the bank')]);
  });

  it('replays over the REST contract, a completion of a task made offline under its real id', () => {
    expect(restCallOf(create({ title: 'Buy stamps' }))).toEqual({ path: '/api/tasks', body: expect.objectContaining({ title: 'Buy stamps' }) });
    const done: QueuedWrite = { kind: 'complete', key: 'k', taskId: 'offline-x', account: 'a', at };
    expect(restCallOf(done, 'real/id')).toEqual({ path: '/api/tasks/real%2Fid/complete', body: {} });
    expect(refusalMessage({ ...done, title: 'Return the book' }, 404, undefined)).toBe('“Return the book” was deleted elsewhere, so its completion was not kept.');
    const focused: QueuedWrite = { kind: 'focus', key: 'k', taskId: 'offline-x', seconds: 90, title: 'Return the book', account: 'a', at };
    expect(restCallOf(focused, 'real/id')).toEqual({ path: '/api/tasks/real%2Fid/focus', body: { seconds: 90 } });
    expect(restCallOf({ ...focused, taskId: 'task-1' })).toEqual({ path: '/api/tasks/task-1/focus', body: { seconds: 90 } });
    expect(refusalMessage(focused, 404, undefined)).toBe('“Return the book” was deleted elsewhere, so the time focused on it was not kept.');
    expect(neverCreatedMessage(focused)).toBe('The time focused on “Return the book” was not kept: the task was never created.');
    expect(neverCreatedMessage({ ...done, title: 'Return the book' })).toBe('“Return the book” could not be completed: it was never created.');
  });
});
