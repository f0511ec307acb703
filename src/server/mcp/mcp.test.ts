// The MCP connector over real HTTP with the SDK's own client (Client + StreamableHTTPClientTransport):
// the tools an assistant sees, each tool once with its effect checked in the database, the record
// of an assistant's writes, and who is refused (no token, expired, revoked, read-only, another
// user's task).
import { describe, expect, it } from "vitest";
import { PLAN_LIMITS } from "@/lib/constants";
import { getDb } from "@/server/db";
import { listTokens } from "@/server/services/token.service";
import { monthStart } from "@/server/services/usage.service";
import { rateLimitKey } from "@/server/services/rate-limit.service";
import { createTaskRow } from "@/test/factories";
import { callTool, connectMcp, serveMcpForTests, structured, tokenFor, toolError } from "@/test/mcp";
import { freshUser } from "@/test/rest-operations";
import { MCP_TOOLS } from "./tools";

const mcp = serveMcpForTests();
const connect = (token?: string) => connectMcp(`${mcp.base()}/api/mcp`, token);
const call = callTool;

describe("MCP connector: what an assistant sees", () => {
  it("tools/list shows every tool with its input and output schema and honest annotations", async () => {
    const user = await freshUser();
    const client = await connect((await tokenFor(user.id)).token);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual(
      [
        "break_down_task",
        "complete_task",
        "create_task",
        "fresh_start_preview",
        "get_focus_stats",
        "get_today",
        "just_start",
        "list_tasks",
        "parse_task",
        "plan_session",
        "start_focus_session",
        "update_task",
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
      });
      expect(tool.description, tool.name).toMatch(
        /Needs a token with the "(read|write)" scope/,
      );
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    // Arguments use the REST fields' names: a task is named by id.
    expect(byName.update_task!.inputSchema.required).toContain("id");
    expect(
      Object.keys(byName.create_task!.inputSchema.properties ?? {}),
    ).toEqual(expect.arrayContaining(["title", "dueDate", "importance"]));
    expect(byName.list_tasks!.annotations?.readOnlyHint).toBe(true);
    expect(byName.get_today!.annotations?.readOnlyHint).toBe(true);
    expect(byName.create_task!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(byName.update_task!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    await client.close();
  });
});

describe("MCP connector: each tool does what the app does", () => {
  it("creates, changes and completes a task, lists it, and records each write for Connected apps", async () => {
    const user = await freshUser();
    const { token, id: tokenId } = await tokenFor(user.id, {
      name: "Claude Desktop",
    });
    const client = await connect(token);

    const created = structured<{ id: string; title: string }>(
      await call(client, "create_task", {
        title: "Call Sam",
        importance: "High",
        estimatedMinutes: 20,
        firstStep: " Find his number ",
      }),
    );
    const row = await getDb().task.findUniqueOrThrow({
      where: { id: created.id },
    });
    expect(row).toMatchObject({
      userId: user.id,
      title: "Call Sam",
      importance: "High",
      estimatedMinutes: 20,
      firstStep: "Find his number",
    });

    const updated = await call(client, "update_task", {
      id: created.id,
      title: "Call Sam back",
    });
    expect(structured<{ title: string }>(updated).title).toBe("Call Sam back");
    expect((updated.content[0] as { text: string }).text).toContain(
      "Call Sam back",
    );
    expect(
      (await getDb().task.findUniqueOrThrow({ where: { id: created.id } }))
        .title,
    ).toBe("Call Sam back");

    const listed = structured<{ tasks: { id: string }[] }>(
      await call(client, "list_tasks", { status: "open" }),
    );
    expect(listed.tasks.map((task) => task.id)).toEqual([created.id]);

    structured(await call(client, "complete_task", { id: created.id }));
    expect(
      (await getDb().task.findUniqueOrThrow({ where: { id: created.id } }))
        .completed,
    ).toBe(true);

    const writes = await getDb().agentWrite.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "asc" },
    });
    expect(
      writes.map((write) => [write.tool, write.tokenId, write.targetId]),
    ).toEqual([
      ["create_task", tokenId, created.id],
      ["update_task", tokenId, created.id],
      ["complete_task", tokenId, created.id],
    ]);
    expect(writes.map((write) => write.summary)).toEqual([
      "Created the task “Call Sam”",
      "Renamed “Call Sam” to “Call Sam back”",
      "Completed “Call Sam back”",
    ]);
    // Account > Connected apps reads them with the token, newest first, with its last use.
    const [listedToken] = await listTokens(getDb(), user.id);
    expect(listedToken!.recentWrites.map((write) => write.tool)).toEqual([
      "complete_task",
      "update_task",
      "create_task",
    ]);
    expect(listedToken!.lastUsedAt).not.toBeNull();
    await client.close();
  });

  it("parse_task reads words into a draft and saves nothing", async () => {
    const user = await freshUser();
    const client = await connect((await tokenFor(user.id)).token);
    const draft = structured<{
      title: string;
      estimatedMinutes: number | null;
      importance: string;
    }>(
      await call(client, "parse_task", { text: "Water the plants !high ~15m" }),
    );
    expect(draft).toMatchObject({
      title: "Water the plants",
      estimatedMinutes: 15,
      importance: "High",
    });
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(0);
    await client.close();
  });

  it("get_today, fresh_start_preview and just_start see the day as the app does", async () => {
    const user = await freshUser();
    const late = await createTaskRow(user.id, {
      title: "Send the invoice",
      dueDate: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
    });
    const client = await connect((await tokenFor(user.id)).token);

    const today = structured<{ carriedOver: { id: string }[] }>(
      await call(client, "get_today"),
    );
    expect(today.carriedOver.map((task) => task.id)).toEqual([late.id]);

    const preview = structured<{
      proposals: { taskId: string; action: string }[];
    }>(await call(client, "fresh_start_preview"));
    expect(preview.proposals.map((proposal) => proposal.taskId)).toEqual([
      late.id,
    ]);
    // A preview changes nothing.
    expect(
      (await getDb().task.findUniqueOrThrow({ where: { id: late.id } }))
        .dueDate,
    ).toEqual(late.dueDate);

    const next = structured<{ task: { id: string } | null; minutes: number }>(
      await call(client, "just_start"),
    );
    expect(next.task?.id).toBe(late.id);
    expect(next.minutes).toBeGreaterThan(0);
    const skipped = structured<{ task: unknown }>(
      await call(client, "just_start", { skip: late.id }),
    );
    expect(skipped.task).toBeNull();
    await client.close();
  });

  it("start_focus_session creates the session with its tasks; get_focus_stats compares estimates with focus", async () => {
    const user = await freshUser();
    const task = await createTaskRow(user.id, { title: "Draft the report" });
    for (const [estimated, actual] of [
      [20, 30],
      [10, 15],
      [30, 45],
    ] as const) {
      await createTaskRow(user.id, {
        title: "Done",
        completed: true,
        completedAt: new Date(),
        estimatedMinutes: estimated,
        focusedSeconds: actual * 60,
      });
    }
    const { token, id: tokenId } = await tokenFor(user.id);
    const client = await connect(token);

    const session = structured<{ id: string; selectedTaskIds: string[] }>(
      await call(client, "start_focus_session", {
        sessionName: "Morning",
        selectedTaskIds: [task.id],
        displayMode: "pomodoro",
      }),
    );
    const row = await getDb().session.findUniqueOrThrow({
      where: { id: session.id },
    });
    expect(row.userId).toBe(user.id);
    expect(session.selectedTaskIds).toEqual([task.id]);
    expect(
      await getDb().agentWrite.count({
        where: { tokenId, tool: "start_focus_session", targetId: session.id },
      }),
    ).toBe(1);

    const stats = structured<{
      factor: number;
      measuredTasks: number;
      estimatedMinutes: number;
      actualMinutes: number;
      weeks: unknown[];
    }>(await call(client, "get_focus_stats"));
    expect(stats).toMatchObject({
      factor: 1.5,
      measuredTasks: 3,
      estimatedMinutes: 60,
      actualMinutes: 90,
    });
    expect(stats.weeks).toHaveLength(8);
    await client.close();
  });

  it("plan_session and break_down_task answer from the planner and count against the shared AI limit", async () => {
    const user = await freshUser();
    const task = await createTaskRow(user.id, {
      title: "Write the launch post",
      estimatedMinutes: 60,
    });
    const client = await connect((await tokenFor(user.id)).token);

    const plan = structured<{
      recommendedTasks: { taskId: string }[];
      planner: string;
    }>(
      await call(client, "plan_session", {
        mood: "focused",
        displayMode: "pomodoro",
      }),
    );
    expect(
      plan.recommendedTasks.map((recommended) => recommended.taskId),
    ).toContain(task.id);

    const breakdown = structured<{ subtasks: { title: string }[] }>(
      await call(client, "break_down_task", {
        id: task.id,
        description: "Outline, draft, edit and publish the post on the blog",
      }),
    );
    expect(breakdown.subtasks.length).toBeGreaterThan(0);
    // Proposals only: nothing created.
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(1);
    // Both counted in the one AI limit the REST door counts.
    expect(
      await getDb().rateLimitHit.count({
        where: { key: rateLimitKey("ai-plan", user.id) },
      }),
    ).toBe(2);
    await client.close();
  });
});

describe("MCP connector: who is refused", () => {
  it("no token: 401 with the protected-resource metadata in WWW-Authenticate, and the SDK client cannot connect", async () => {
    const response = await fetch(`${mcp.base()}/api/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${mcp.base()}/.well-known/oauth-protected-resource/api/mcp", scope="read write"`,
    );
    expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
    await expect(connect()).rejects.toThrow();
  });

  it("an expired token and a revoked one: 401 invalid_token", async () => {
    const user = await freshUser();
    const expired = await tokenFor(user.id, {
      expiresAt: new Date(Date.now() - 1000),
    });
    const revoked = await tokenFor(user.id);
    await getDb().apiToken.delete({ where: { id: revoked.id } });
    for (const { token } of [expired, revoked]) {
      const response = await fetch(`${mcp.base()}/api/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain(
        'error="invalid_token"',
      );
    }
    await expect(connect(expired.token)).rejects.toThrow();
  });

  it("a read token lists and reads, and every write tool is refused naming the scope, with nothing written", async () => {
    const user = await freshUser();
    const task = await createTaskRow(user.id, { title: "Stay as it is" });
    const client = await connect(
      (await tokenFor(user.id, { scopes: ["read"] })).token,
    );
    expect(
      structured<{ tasks: unknown[] }>(await call(client, "list_tasks")).tasks,
    ).toHaveLength(1);

    for (const tool of MCP_TOOLS.filter(
      (candidate) => !candidate.annotations.readOnlyHint,
    )) {
      const args: Record<string, unknown> = {
        id: task.id,
        title: "Changed",
        text: "x",
        mood: "tired",
        displayMode: "pomodoro",
        sessionName: "S",
        description: "Steps",
      };
      const result = await call(client, tool.name, args);
      expect(result.isError, tool.name).toBe(true);
      expect(toolError(result), tool.name).toMatchObject({
        code: "FORBIDDEN",
        reason: "scope_required",
      });
      expect((result.content[0] as { text: string }).text, tool.name).toContain(
        '"write" scope',
      );
    }
    expect(
      await getDb().task.findUniqueOrThrow({ where: { id: task.id } }),
    ).toMatchObject({ title: "Stay as it is", completed: false });
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(1);
    expect(await getDb().session.count({ where: { userId: user.id } })).toBe(0);
    expect(await getDb().agentWrite.count({ where: { userId: user.id } })).toBe(
      0,
    );
    await client.close();
  });

  it("another user's task is not found, and nothing of it changes", async () => {
    const owner = await freshUser();
    const theirs = await createTaskRow(owner.id, { title: "Not yours" });
    const intruder = await freshUser();
    const client = await connect((await tokenFor(intruder.id)).token);
    for (const [tool, args] of [
      ["update_task", { id: theirs.id, title: "Mine now" }],
      ["complete_task", { id: theirs.id }],
      ["break_down_task", { id: theirs.id, description: "Steps" }],
    ] as const) {
      const result = await call(client, tool, args);
      expect(result.isError, tool).toBe(true);
      expect(toolError(result), tool).toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect(
      await getDb().task.findUniqueOrThrow({ where: { id: theirs.id } }),
    ).toMatchObject({ title: "Not yours", completed: false });
    expect(
      structured<{ tasks: unknown[] }>(await call(client, "list_tasks")).tasks,
    ).toEqual([]);
    expect(
      await getDb().agentWrite.count({ where: { userId: intruder.id } }),
    ).toBe(0);
    await client.close();
  });

  it("the plan's limits hold: a Free account at its monthly task limit cannot create through MCP", async () => {
    const user = await freshUser({ subscriptionTier: "free" });
    const client = await connect((await tokenFor(user.id)).token);
    await getDb().usageCounter.create({
      data: {
        userId: user.id,
        month: monthStart(),
        tasks: PLAN_LIMITS.free.tasks,
      },
    });
    const refused = await call(client, "create_task", {
      title: "One too many",
    });
    expect(refused.isError).toBe(true);
    expect(toolError(refused)).toMatchObject({ code: "FORBIDDEN" });
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(0);
    expect(await getDb().agentWrite.count({ where: { userId: user.id } })).toBe(
      0,
    );
    await client.close();
  });
});
