// What an assistant writes through the MCP connector is recorded in the write's own transaction,
// and the person can undo it from Connected apps (both doors, browser session only). The writes
// are made by the SDK's own client over HTTP; undo is called through the router and REST.
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { TestClient } from '@/test/api-client';
import { callerFor, countingCallerFor, restAs } from '@/test/factories';
import { callTool, connectMcp, structured, tokenFor, serveMcpForTests } from '@/test/mcp';
import { freshUser } from '@/test/rest-operations';

const mcp = serveMcpForTests();

async function assistantOf(userId: string) {
  const { token, id } = await tokenFor(userId, { name: 'Claude Desktop' });
  return { client: await connectMcp(`${mcp.base()}/api/mcp`, token), tokenId: id };
}

const recordOf = async (userId: string, tool: string) => getDb().agentWrite.findFirstOrThrow({ where: { userId, tool }, orderBy: { createdAt: 'desc' } });

describe('an agent write and its record share one transaction', () => {
  const refusing: string[] = [];
  afterEach(async () => {
    for (const userId of refusing.splice(0)) {
      await getDb().$executeRawUnsafe(`DROP TRIGGER IF EXISTS "refuse_agent_write_${userId}" ON "AgentWrite"`);
    }
  });

  it('when the record cannot be written, the write does not happen either (create, change, complete, session)', async () => {
    const user = await freshUser();
    const { client } = await assistantOf(user.id);
    const task = structured<{ id: string }>(await callTool(client, 'create_task', { title: 'Before the trigger' }));
    // From now on PostgreSQL refuses this user's records (and only this user's): a record
    // written after its write, outside the transaction, would leave the write behind.
    refusing.push(user.id);
    await getDb().$executeRawUnsafe(
      `CREATE OR REPLACE FUNCTION refuse_agent_write() RETURNS trigger AS $$ BEGIN IF NEW."userId" = TG_ARGV[0] THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await getDb().$executeRawUnsafe(`CREATE TRIGGER "refuse_agent_write_${user.id}" BEFORE INSERT ON "AgentWrite" FOR EACH ROW EXECUTE FUNCTION refuse_agent_write('${user.id}')`);

    expect((await callTool(client, 'create_task', { title: 'Never saved' })).isError).toBe(true);
    expect((await callTool(client, 'update_task', { id: task.id, title: 'Never renamed' })).isError).toBe(true);
    expect((await callTool(client, 'complete_task', { id: task.id })).isError).toBe(true);
    expect((await callTool(client, 'start_focus_session', { selectedTaskIds: [task.id] })).isError).toBe(true);

    expect(await getDb().task.findMany({ where: { userId: user.id }, select: { title: true, completed: true } })).toEqual([{ title: 'Before the trigger', completed: false }]);
    expect(await getDb().session.count({ where: { userId: user.id } })).toBe(0);
    // Nor was anything counted against the plan beyond the first task.
    expect((await getDb().usageCounter.findFirstOrThrow({ where: { userId: user.id } })).tasks).toBe(1);
    expect(await getDb().agentWrite.count({ where: { userId: user.id } })).toBe(1);
    await client.close();
  });

  it('a write that fails leaves no record; the same call by the person themselves records nothing', async () => {
    const user = await freshUser();
    const { client } = await assistantOf(user.id);
    const refused = await callTool(client, 'update_task', { id: 'no-such-task', title: 'x' });
    expect(refused.isError).toBe(true);
    await callerFor(user).task.create({ title: 'Mine' });
    expect(await getDb().agentWrite.count({ where: { userId: user.id } })).toBe(0);
    await client.close();
  });
});

describe('undo from Connected apps', () => {
  it('undoing a created task deletes it; a second undo is a 409; the list shows it undone', async () => {
    const user = await freshUser();
    const { client, tokenId } = await assistantOf(user.id);
    const task = structured<{ id: string }>(await callTool(client, 'create_task', { title: 'Book the dentist' }));
    const write = await recordOf(user.id, 'create_task');
    expect(write).toMatchObject({ tokenId, targetId: task.id, summary: 'Created the task “Book the dentist”', undoneAt: null });

    const undone = await callerFor(user).user.undoAgentWrite({ id: write.id });
    expect(undone).toMatchObject({ id: write.id, undoable: false, undoneAt: expect.any(String) });
    expect(await getDb().task.findUnique({ where: { id: task.id } })).toBeNull();
    await expect(callerFor(user).user.undoAgentWrite({ id: write.id })).rejects.toMatchObject({ code: 'CONFLICT', message: 'This write was already undone' });

    const [listed] = await callerFor(user).user.listTokens();
    expect(listed!.recentWrites).toEqual([expect.objectContaining({ id: write.id, undoable: false, undoneAt: undone.undoneAt })]);
    await client.close();
  });

  it('a created task the person has changed since is not deleted (409), nor one with a subtask', async () => {
    const user = await freshUser();
    const { client } = await assistantOf(user.id);
    const task = structured<{ id: string }>(await callTool(client, 'create_task', { title: 'Plan the trip' }));
    const write = await recordOf(user.id, 'create_task');
    await callerFor(user).task.patch({ id: task.id, importance: 'High' });
    await expect(callerFor(user).user.undoAgentWrite({ id: write.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await getDb().task.findUnique({ where: { id: task.id } })).toMatchObject({ importance: 'High' });

    const other = structured<{ id: string }>(await callTool(client, 'create_task', { title: 'Pack' }));
    const otherWrite = await recordOf(user.id, 'create_task');
    await callerFor(user).task.create({ title: 'Passport', parentTaskId: other.id });
    await expect(callerFor(user).user.undoAgentWrite({ id: otherWrite.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(3);
    expect((await getDb().agentWrite.findUniqueOrThrow({ where: { id: otherWrite.id } })).undoneAt).toBeNull();
    await client.close();
  });

  it('undoing a change puts the previous values of exactly the changed fields back; a field changed since makes it a 409', async () => {
    const user = await freshUser();
    const own = await callerFor(user).task.create({ title: 'Write the report', dueDate: '2030-03-01T09:00:00.000Z', importance: 'Low' });
    const { client } = await assistantOf(user.id);
    structured(await callTool(client, 'update_task', { id: own.id, title: 'Write the annual report', dueDate: '2030-03-05T17:00:00.000Z' }));
    const write = await recordOf(user.id, 'update_task');
    expect(write.summary).toBe('Changed the title and due date of “Write the annual report”');
    // The person changes another field meanwhile: undo still applies, and keeps it.
    await callerFor(user).task.patch({ id: own.id, importance: 'High' });
    await restAs(user)('POST', `/user/agent-writes/${write.id}/undo`, {}).then((answer) => expect(answer.status, JSON.stringify(answer.body)).toBe(200));
    expect(await getDb().task.findUniqueOrThrow({ where: { id: own.id } })).toMatchObject({ title: 'Write the report', dueDate: new Date('2030-03-01T09:00:00.000Z'), importance: 'High' });

    structured(await callTool(client, 'update_task', { id: own.id, title: 'Agent title' }));
    const second = await recordOf(user.id, 'update_task');
    await callerFor(user).task.patch({ id: own.id, title: 'My own title' });
    const refused = await restAs(user)('POST', `/user/agent-writes/${second.id}/undo`, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('changed since') });
    expect((await getDb().task.findUniqueOrThrow({ where: { id: own.id } })).title).toBe('My own title');
    await client.close();
  });

  it('undoing a completion reopens the task, and a repeating one loses the next occurrence the completion made', async () => {
    const user = await freshUser();
    const weekly = await callerFor(user).task.create({ title: 'Water the plants', dueDate: '2030-03-04T08:00:00.000Z', recurrence: 'FREQ=WEEKLY' });
    const { client } = await assistantOf(user.id);
    structured(await callTool(client, 'complete_task', { id: weekly.id }));
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(2);
    const write = await recordOf(user.id, 'complete_task');
    expect(write.summary).toBe('Completed “Water the plants”');

    await callerFor(user).user.undoAgentWrite({ id: write.id });
    expect(await getDb().task.findMany({ where: { userId: user.id }, select: { id: true, completed: true, completedAt: true, recurrence: true } })).toEqual([
      { id: weekly.id, completed: false, completedAt: null, recurrence: 'FREQ=WEEKLY' },
    ]);

    // Completed again by the assistant, and the person already ticked the next one: undo refuses.
    structured(await callTool(client, 'complete_task', { id: weekly.id }));
    const again = await recordOf(user.id, 'complete_task');
    const next = await getDb().task.findFirstOrThrow({ where: { previousOccurrenceId: weekly.id } });
    await callerFor(user).task.complete({ id: next.id });
    await expect(callerFor(user).user.undoAgentWrite({ id: again.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await getDb().task.findUniqueOrThrow({ where: { id: weekly.id } })).completed).toBe(true);
    await client.close();
  });

  it('undoing a started focus session removes it, unless work was done in it since', async () => {
    const user = await freshUser();
    const own = await callerFor(user).task.create({ title: 'Deep work' });
    const { client } = await assistantOf(user.id);
    const session = structured<{ id: string }>(await callTool(client, 'start_focus_session', { sessionName: 'Morning', selectedTaskIds: [own.id] }));
    const write = await recordOf(user.id, 'start_focus_session');
    expect(write.summary).toBe('Started the focus session “Morning”');
    await callerFor(user).user.undoAgentWrite({ id: write.id });
    expect(await getDb().session.findUnique({ where: { id: session.id } })).toBeNull();
    expect(await getDb().task.findUnique({ where: { id: own.id } })).not.toBeNull();

    const used = structured<{ id: string }>(await callTool(client, 'start_focus_session', { sessionName: 'Afternoon', selectedTaskIds: [own.id] }));
    const usedWrite = await recordOf(user.id, 'start_focus_session');
    await callerFor(user).task.complete({ id: own.id, sessionId: used.id });
    await expect(callerFor(user).user.undoAgentWrite({ id: usedWrite.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await getDb().session.findUnique({ where: { id: used.id } })).not.toBeNull();
    await client.close();
  });

  it("another user's record is a 404 on both doors, and a token may not undo (403)", async () => {
    const owner = await freshUser();
    const { client } = await assistantOf(owner.id);
    const task = structured<{ id: string }>(await callTool(client, 'create_task', { title: 'Private' }));
    const write = await recordOf(owner.id, 'create_task');
    const intruder = await freshUser();
    await expect(callerFor(intruder).user.undoAgentWrite({ id: write.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await restAs(intruder)('POST', `/user/agent-writes/${write.id}/undo`, {})).status).toBe(404);

    const { token } = await tokenFor(owner.id);
    const byToken = await new TestClient({ authorization: `Bearer ${token}` }).rest('POST', `/user/agent-writes/${write.id}/undo`, {});
    expect(byToken.status).toBe(403);
    expect(await getDb().task.findUnique({ where: { id: task.id } })).not.toBeNull();
    expect((await getDb().agentWrite.findUniqueOrThrow({ where: { id: write.id } })).undoneAt).toBeNull();
    await client.close();
  });
});

describe('Connected apps lists tokens and their writes in two queries', () => {
  it('whatever the number of tokens, with each token’s latest writes newest first', async () => {
    const user = await freshUser();
    const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => tokenFor(user.id, { name: `Assistant ${i}` })));
    for (const [i, token] of tokens.entries()) {
      for (let n = 0; n < 12; n++) {
        await getDb().agentWrite.create({
          data: { userId: user.id, tokenId: token.id, tokenName: `Assistant ${i}`, tool: 'create_task', summary: `Write ${n}`, createdAt: new Date(Date.UTC(2026, 10, 1, 10, n)) },
        });
      }
    }
    const counted = countingCallerFor(user);
    counted.reset();
    const listed = await counted.caller.user.listTokens();
    // The token list and every token’s writes (the old list made one query per token: 7 here).
    expect(counted.operations()).toBe(2);
    expect(listed).toHaveLength(6);
    for (const token of listed) {
      expect(token.recentWrites.map((write) => write.summary)).toEqual(['Write 11', 'Write 10', 'Write 9', 'Write 8', 'Write 7', 'Write 6', 'Write 5', 'Write 4', 'Write 3', 'Write 2']);
      expect(token.recentWrites.every((write) => write.undoable === false)).toBe(true);
    }
  });
});
