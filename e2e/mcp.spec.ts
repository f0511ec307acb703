// The MCP connector against the production build: the SDK's own client over HTTP (tools list, a
// write and a read, no token 401, the protected-resource metadata), the MCP Inspector's CLI
// (MCP_INSPECTOR: its `mcp-inspector` bin, installed by scripts/e2e.mjs or CI), and Account >
// Connected apps listing what the assistant changed with Undo, by keyboard, at 360 px and
// desktop, light and dark, with axe.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test, type Page } from "@playwright/test";
import { jsonBody, signUpVerified } from "./accounts";
import {
  expectNoSeriousA11yViolations,
  screenshot,
  useStoredTheme,
} from "./helpers";

const TOOLS = [
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
];

async function newToken(
  page: Page,
  name: string,
  scopes: string[] = ["read", "write"],
): Promise<string> {
  const created = await page.request.post(
    "/api/user/tokens",
    jsonBody({ name, scopes }),
  );
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { token: string }).token;
}

/** A tool error result's detail: its last text content, JSON (no structured content: it would not match the output schema). */
function errorDetail(result: CallToolResult): unknown {
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  return JSON.parse((result.content.at(-1) as { text: string }).text);
}

/** The task as GET /api/tasks?status=all lists it, or undefined when it is gone. */
async function taskOf(page: Page, id: string) {
  const answer = await page.request.get("/api/tasks?status=all");
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { id: string; completed: boolean }[]).find(
    (task) => task.id === id,
  );
}

async function connect(baseURL: string, token: string): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

for (const [theme, width] of [
  ["light", 360],
  ["dark", 360],
  ["dark", 1280],
  ["light", 1280],
] as const) {
  test(`an assistant connects with a token, creates and completes a task, and Connected apps shows each write in words with Undo, by keyboard (${width} px, ${theme})`, async ({
    page,
    baseURL,
  }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width, height: 780 });
    await signUpVerified(page);
    const token = await newToken(page, "Claude Desktop");
    const client = await connect(baseURL!, token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    expect(
      tools.every(
        (tool) =>
          tool.outputSchema?.type === "object" &&
          tool.annotations?.readOnlyHint !== undefined,
      ),
    ).toBe(true);

    const created = (await client.callTool({
      name: "create_task",
      arguments: { title: "Book the dentist" },
    })) as CallToolResult;
    expect(created.isError).toBeFalsy();
    const task = created.structuredContent as { id: string; title: string };
    expect(task.title).toBe("Book the dentist");
    const completed = (await client.callTool({
      name: "complete_task",
      arguments: { id: task.id },
    })) as CallToolResult;
    expect(
      (completed.structuredContent as { completed: boolean }).completed,
    ).toBe(true);
    await client.close();

    // The REST door sees the same task, completed.
    const rest = await page.request.get(`/api/tasks?status=completed`);
    expect(
      ((await rest.json()) as { id: string }[]).map((row) => row.id),
    ).toContain(task.id);

    await page.goto("/account#api-tokens");
    const row = page
      .locator("#api-tokens")
      .getByRole("listitem")
      .filter({ hasText: "Claude Desktop" })
      .first();
    await expect(row).toContainText("Last used");
    const writes = row.getByRole("list", {
      name: "Recent changes by an assistant",
    });
    await expect(writes.getByRole("listitem").nth(0)).toContainText(
      "Completed “Book the dentist”",
    );
    await expect(writes.getByRole("listitem").nth(1)).toContainText(
      "Created the task “Book the dentist”",
    );
    await expectNoSeriousA11yViolations(page);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, `account-connected-apps-${width}-${theme}`, {
      fullPage: false,
    });

    // Undo the completion by keyboard: the task is open again.
    const undoCompletion = writes.getByRole("button", {
      name: "Undo: Completed “Book the dentist”",
    });
    await undoCompletion.focus();
    await page.keyboard.press("Enter");
    await expect(writes.getByRole("listitem").nth(0)).toContainText("Undone");
    await expect(
      writes.getByRole("button", { name: /^Undo: Completed/ }),
    ).toHaveCount(0);
    expect(await taskOf(page, task.id)).toMatchObject({ completed: false });
    // Then the creation, with the space bar: the task is gone.
    await writes
      .getByRole("button", { name: "Undo: Created the task “Book the dentist”" })
      .focus();
    await page.keyboard.press("Space");
    await expect(writes.getByRole("listitem").nth(1)).toContainText("Undone");
    expect(await taskOf(page, task.id)).toBeUndefined();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `account-connected-apps-undone-${width}-${theme}`, {
      fullPage: false,
    });
  });
}

test("an undo that would lose the person's own change is refused, and the page says why", async ({
  page,
  baseURL,
}) => {
  await signUpVerified(page);
  const client = await connect(baseURL!, await newToken(page, "Cursor"));
  const created = (await client.callTool({
    name: "create_task",
    arguments: { title: "Draft the plan" },
  })) as CallToolResult;
  const task = created.structuredContent as { id: string };
  await client.close();
  // The person renames it after the assistant made it.
  const renamed = await page.request.patch(
    `/api/tasks/${task.id}`,
    jsonBody({ title: "Draft the plan with Sam" }),
  );
  expect(renamed.status()).toBe(200);
  await page.goto("/account#api-tokens");
  const writes = page.getByRole("list", {
    name: "Recent changes by an assistant",
  });
  await writes
    .getByRole("button", { name: "Undo: Created the task “Draft the plan”" })
    .click();
  await expect(page.getByText("Could not undo")).toBeVisible();
  await expect(page.getByText(/changed since the assistant/)).toBeVisible();
  expect(await taskOf(page, task.id)).toBeDefined();
});

test("no token is a 401 pointing at the protected-resource metadata, which is served; a read token is refused a write", async ({
  page,
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL });
  const refused = await anonymous.post("/api/mcp", {
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
  });
  expect(refused.status()).toBe(401);
  const challenge = refused.headers()["www-authenticate"] ?? "";
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  expect(metadataUrl).toBe(
    new URL("/.well-known/oauth-protected-resource/api/mcp", baseURL).href,
  );
  for (const url of [
    metadataUrl!,
    new URL("/.well-known/oauth-protected-resource", baseURL).href,
  ]) {
    const metadata = await anonymous.get(url);
    expect(metadata.status()).toBe(200);
    expect(await metadata.json()).toMatchObject({
      resource: new URL("/api/mcp", baseURL).href,
      scopes_supported: ["read", "write"],
      bearer_methods_supported: ["header"],
    });
  }
  await anonymous.dispose();

  await signUpVerified(page);
  const client = await connect(
    baseURL!,
    await newToken(page, "Read only", ["read"]),
  );
  const write = (await client.callTool({
    name: "create_task",
    arguments: { title: "Nope" },
  })) as CallToolResult;
  expect(errorDetail(write)).toMatchObject({
    code: "FORBIDDEN",
    reason: "scope_required",
  });
  const read = (await client.callTool({
    name: "list_tasks",
    arguments: {},
  })) as CallToolResult;
  expect(read.structuredContent).toEqual({ tasks: [], nextCursor: null });
  await client.close();
});

// Installed by scripts/e2e.mjs (or CI's .ci/run) at the version scripts/mcp-inspector.mjs pins.
const inspector = process.env.MCP_INSPECTOR;

test("the MCP Inspector CLI lists the tools, calls one, and a read token is refused a write", async ({
  page,
  baseURL,
}) => {
  expect(
    inspector && existsSync(inspector),
    "MCP_INSPECTOR names the Inspector's mcp-inspector bin: run through `npm run test:e2e`, which installs it",
  ).toBeTruthy();
  await signUpVerified(page);
  const run = async (token: string, extra: string[]) => {
    const { stdout } = await promisify(execFile)(
      inspector!,
      [
        "--cli",
        new URL("/api/mcp", baseURL).href,
        "--transport",
        "http",
        "--header",
        `Authorization: Bearer ${token}`,
        ...extra,
      ],
      { timeout: 90_000 },
    );
    return JSON.parse(stdout) as unknown;
  };
  const token = await newToken(page, "Inspector");
  const listed = (await run(token, ["--method", "tools/list"])) as {
    tools: { name: string; annotations?: { readOnlyHint?: boolean } }[];
  };
  expect(listed.tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
  expect(
    listed.tools.find((tool) => tool.name === "list_tasks")?.annotations
      ?.readOnlyHint,
  ).toBe(true);
  const called = (await run(token, [
    "--method",
    "tools/call",
    "--tool-name",
    "create_task",
    "--tool-arg",
    "title=From the inspector",
  ])) as CallToolResult;
  expect(called.structuredContent).toMatchObject({
    title: "From the inspector",
  });
  const tasks = (await (await page.request.get("/api/tasks")).json()) as {
    title: string;
  }[];
  expect(tasks.map((task) => task.title)).toContain("From the inspector");

  const readOnly = await newToken(page, "Inspector, read only", ["read"]);
  // The CLI exits non-zero on a tool error result, naming it on stderr.
  const refused = await run(readOnly, [
    "--method",
    "tools/call",
    "--tool-name",
    "create_task",
    "--tool-arg",
    "title=Not allowed",
  ]).then(
    () => undefined,
    (error: { stderr?: string }) =>
      JSON.parse(error.stderr || "{}") as { error?: { code?: string } },
  );
  expect(refused?.error?.code).toBe("tool_is_error");
  // The same token reads: the refusal was the scope.
  const read = (await run(readOnly, [
    "--method",
    "tools/call",
    "--tool-name",
    "list_tasks",
  ])) as CallToolResult;
  expect(read.isError).toBeFalsy();
  const after = (await (await page.request.get("/api/tasks")).json()) as {
    title: string;
  }[];
  expect(after.map((task) => task.title)).not.toContain("Not allowed");
});
