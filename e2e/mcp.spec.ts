// The MCP connector against the production build: the SDK's own client over HTTP (tools list, a
// write and a read, no token 401, the protected-resource metadata), the MCP Inspector's CLI when it
// is installed (MCP_INSPECTOR: the path of its `mcp-inspector` bin), and Account > Connected apps
// listing what the assistant changed, at 360 px in light and dark with axe.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
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

async function connect(baseURL: string, token: string): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

for (const theme of ["light", "dark"] as const) {
  test(`an assistant connects with a token, lists the tools, creates and completes a task, and Connected apps shows what it did (360 px, ${theme})`, async ({
    page,
    baseURL,
  }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 780 });
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
    await expect(row.getByText("Recent changes by an assistant")).toBeVisible();
    await expect(row.getByRole("listitem").nth(0)).toContainText(
      'Completed "Book the dentist"',
    );
    await expect(row.getByRole("listitem").nth(1)).toContainText(
      'Created "Book the dentist"',
    );
    await expectNoSeriousA11yViolations(page);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, `account-connected-apps-360-${theme}`, {
      fullPage: false,
    });
  });
}

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
  expect(write.isError).toBe(true);
  expect(write.structuredContent).toMatchObject({
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

const inspector =
  process.env.MCP_INSPECTOR ?? path.resolve("node_modules/.bin/mcp-inspector");

test("the MCP Inspector CLI lists the tools and calls one", async ({
  page,
  baseURL,
}) => {
  test.skip(
    !existsSync(inspector),
    "The MCP Inspector is not installed (set MCP_INSPECTOR to its mcp-inspector bin)",
  );
  await signUpVerified(page);
  const token = await newToken(page, "Inspector");
  const run = (extra: string[]) =>
    promisify(execFile)(
      inspector,
      [
        "--cli",
        new URL("/api/mcp", baseURL).href,
        "--transport",
        "http",
        "--header",
        `Authorization: Bearer ${token}`,
        ...extra,
      ],
      { timeout: 60_000 },
    );
  const listed = JSON.parse((await run(["--method", "tools/list"])).stdout) as {
    tools: { name: string }[];
  };
  expect(listed.tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
  const called = JSON.parse(
    (
      await run([
        "--method",
        "tools/call",
        "--tool-name",
        "create_task",
        "--tool-arg",
        "title=From the inspector",
      ])
    ).stdout,
  ) as CallToolResult;
  expect(called.structuredContent).toMatchObject({
    title: "From the inspector",
  });
  const tasks = (await (await page.request.get("/api/tasks")).json()) as {
    title: string;
  }[];
  expect(tasks.map((task) => task.title)).toContain("From the inspector");
});
