// The MCP connector at /api/mcp: a Model Context Protocol server on the official TypeScript SDK,
// Streamable HTTP in stateless mode (a new server and transport per request, no session id), so
// any instance of the app answers any request. Authorised by `Authorization: Bearer` with a
// personal access token or an OAuth access token of a connected app (src/server/mcp/oauth/,
// bound to this URL: RFC 8707), alike: no token, an unknown, expired, revoked or foreign one is a
// 401 pointing at the protected-resource metadata (RFC 9728), where a client discovers how to
// connect with OAuth. Each tool calls the tRPC router through createCaller with the token's
// context (src/server/mcp/tools.ts), so scopes, limits and per-user isolation are the REST
// door's; a write tool is refused to a read-only token before anything runs.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { TRPCError } from "@trpc/server";
import type { z } from "zod";
import { appRouter, createCaller } from "@/server/api/root";
import type { ApiMeta } from "@/server/api/responses";
import { createContext, type Context } from "@/server/api/trpc";
import { db } from "@/server/db";
import { mcpResourceUrl, publicOrigin } from "@/server/http/public-origin";
import { requireScope, type TokenScope } from "@/server/auth/token-scopes";
import { procedureDefs } from "@/server/compat/trpc";
import { reportError } from "@/server/error-report";
import { databaseUnavailableError } from "@/server/errors";
import {
  OAUTH_ACCESS_TOKEN_PREFIX,
  oauthAccessSession,
} from "@/server/services/oauth/token.service";
import { TOKEN_SCOPES } from "@/lib/schemas/user";
import { MCP_TOOLS, type McpTool } from "./tools";

const SERVER_INFO = { name: "onething", title: "Onething", version: "1.0.0" };

const INSTRUCTIONS =
  "Onething is a task manager and focus timer. Tasks and sessions are named by `id` (list_tasks gives them). " +
  "Lateness is never shame: carried-over tasks can be re-planned with fresh_start_preview. just_start picks one task to begin now.";

/** The scope each tool needs: the one its router procedure declares (one source of truth). */
const TOOL_SCOPES: ReadonlyMap<string, TokenScope> = (() => {
  const declared = new Map(
    procedureDefs(appRouter).map(([path, def]) => [
      path,
      (def.meta as ApiMeta | undefined)?.scope,
    ]),
  );
  return new Map(
    MCP_TOOLS.map((tool) => {
      const scope = declared.get(tool.procedure);
      if (!scope)
        throw new Error(
          `MCP tool ${tool.name}: procedure ${tool.procedure} declares no token scope`,
        );
      return [tool.name, scope];
    }),
  );
})();

function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

function unauthorised(
  request: Request,
  message: string,
  error?: "invalid_token",
): Response {
  const origin = publicOrigin(request.headers, request.url);
  const metadata = `${origin}/.well-known/oauth-protected-resource/api/mcp`;
  // `scope`: what to ask for when connecting (the MCP spec's scope selection starts here).
  const challenge = `Bearer${error ? ` error="${error}",` : ""} resource_metadata="${metadata}", scope="${TOKEN_SCOPES.join(" ")}"`;
  return json(
    401,
    { message, code: "UNAUTHORIZED" },
    { "www-authenticate": challenge },
  );
}

/** A tool failure as the assistant sees it: an error result (isError) with the app's message and code. */
function toolError(error: unknown): CallToolResult {
  if (error instanceof TRPCError) {
    const reason = (error as TRPCError & { reason?: string }).reason;
    const issues =
      error.cause && "issues" in error.cause
        ? (error.cause as { issues: unknown }).issues
        : undefined;
    const detail = {
      message: error.message,
      code: error.code,
      ...(reason ? { reason } : {}),
      ...(issues ? { issues } : {}),
    };
    // The detail as JSON text, never as structuredContent: structured content must match the
    // tool's output schema, and strict clients (the MCP Inspector) reject an error result whose
    // structuredContent does not.
    return {
      isError: true,
      content: [
        {
          type: "text",
          text: `${error.message} (${error.code}${reason ? `, ${reason}` : ""})`,
        },
        { type: "text", text: JSON.stringify(detail) },
      ],
    };
  }
  reportError("mcp tool failed", error, {});
  return {
    isError: true,
    content: [
      {
        type: "text",
        text: "Something went wrong on our side. Please try again.",
      },
    ],
  };
}

function register(server: McpServer, tool: McpTool, ctx: Context): void {
  const scope = TOOL_SCOPES.get(tool.name)!;
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: `${tool.description} Needs a token with the "${scope}" scope.`,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: { title: tool.title, ...tool.annotations },
    },
    async (args: unknown): Promise<CallToolResult> => {
      const session = ctx.session!;
      try {
        // Refused before anything runs (the ladder would refuse it too, after reads for the AI tools).
        requireScope(session.scopes, scope);
        // Already checked against the tool's input schema by the SDK; the procedure checks it again.
        const input = (args ?? {}) as z.output<typeof tool.input>;
        // The acting agent rides on the context: a service that writes records the write in
        // the write's own transaction (src/server/services/agent-write.service.ts).
        const caller = createCaller({
          ...ctx,
          agent: {
            tokenId: session.tokenId ?? null,
            oauthClientId: session.oauthClientId ?? null,
            tool: tool.name,
          },
        });
        const result = tool.output.parse(await tool.run(caller, input));
        return {
          content: [{ type: "text", text: tool.summarise(result) }],
          structuredContent: result as Record<string, unknown>,
        };
      } catch (error) {
        return toolError(error);
      }
    },
  );
}

function mcpServer(ctx: Context): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {} },
    instructions: INSTRUCTIONS,
  });
  for (const tool of MCP_TOOLS) register(server, tool, ctx);
  return server;
}

/**
 * The context of a call with an OAuth access token: accepted here only, and only when it was
 * issued for this URL (the REST door does not know these tokens at all).
 */
async function oauthContext(request: Request, token: string): Promise<Context> {
  const resource = mcpResourceUrl(publicOrigin(request.headers, request.url));
  let session;
  try {
    session = await oauthAccessSession(db, token, resource);
  } catch (error) {
    throw databaseUnavailableError(error) ?? error;
  }
  return { db, session, headers: request.headers, resHeaders: new Headers() };
}

/** Answers one request to /api/mcp (POST JSON-RPC; GET and DELETE are 405 in stateless mode). */
export async function handleMcp(request: Request): Promise<Response> {
  if (request.method !== "POST") {
    // Stateless: no server-to-client stream to open (GET) and no session to end (DELETE).
    // Answered before any credential check: a client's background GET with an expired token
    // must not start a second refresh beside its tool call's.
    return json(
      405,
      {
        message: `The ${request.method} method is not allowed here`,
        code: "METHOD_NOT_SUPPORTED",
      },
      { allow: "POST" },
    );
  }
  const authorization = request.headers.get("authorization");
  const bearer = authorization
    ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
    : undefined;
  if (!bearer) {
    return unauthorised(
      request,
      "Connect by adding this URL to your assistant (it signs you in with OAuth), or send a personal access token: Authorization: Bearer <token> (Account > Connected apps)",
    );
  }
  let ctx: Context;
  try {
    ctx = bearer.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)
      ? await oauthContext(request, bearer)
      : await createContext({ headers: request.headers });
  } catch (error) {
    if (error instanceof TRPCError && error.code === "SERVICE_UNAVAILABLE")
      return json(
        503,
        { message: error.message, code: error.code },
        { "retry-after": "5" },
      );
    throw error;
  }
  if (!ctx.session || ctx.session.via !== "token") {
    return unauthorised(
      request,
      "This token is unknown, expired or revoked",
      "invalid_token",
    );
  }
  const server = mcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // Stateless: the answer is complete (JSON response mode), so both can go.
    void transport.close();
    void server.close();
  }
}
