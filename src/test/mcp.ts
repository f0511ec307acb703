// The MCP connector over real HTTP for Vitest: a node:http front for handleMcp (as Next's route
// handler gets it: a fetch Request in, a Response out), personal access tokens straight in the
// database, and the SDK's own client (Client + StreamableHTTPClientTransport).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { sha256 } from '@/server/auth/secrets';
import { getDb } from '@/server/db';
import { handleMcp } from '@/server/mcp/handler';
import { server as msw } from './msw';

/** Serves /api/mcp on a loopback port for the file's tests; `base()` is its origin. */
export function serveMcpForTests(): { base: () => string } {
  const state = { server: undefined as http.Server | undefined, base: '' };
  beforeAll(async () => {
    state.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
        const body = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
        const handled = req.url!.startsWith('/api/mcp')
          ? handleMcp(new Request(`${state.base}${req.url}`, { method: req.method, headers, body }))
          : Promise.resolve(new Response('not here', { status: 404 }));
        void handled.then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((resolve) => state.server!.listen(0, '127.0.0.1', resolve));
    state.base = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (state.server ? state.server.close(() => resolve()) : resolve())));
  beforeEach(() => {
    msw.use(mswHttp.all(`${state.base}/*`, () => passthrough()));
  });
  return { base: () => state.base };
}

/** A personal access token of the user, straight in the database. */
export async function tokenFor(userId: string, data: { scopes?: string[]; expiresAt?: Date | null; name?: string } = {}) {
  const token = `ot_${randomBytes(24).toString('base64url')}`;
  const row = await getDb().apiToken.create({
    data: { userId, name: data.name ?? 'Claude Desktop', tokenHash: sha256(token), prefix: token.slice(0, 8), scopes: data.scopes ?? ['read', 'write'], expiresAt: data.expiresAt ?? null },
  });
  return { token, id: row.id };
}

/** The SDK's client connected to `url` (an /api/mcp address) with the token, if any. */
export async function connectMcp(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'onething-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {} }));
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool's structured result, failing the test (with the error's text) when it is an error. */
export function structured<T>(result: CallToolResult): T {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

/** A tool error result's detail `{ message, code, reason?, issues? }` (its last text content, JSON). */
export function toolError(result: CallToolResult): Record<string, unknown> {
  expect(result.isError).toBe(true);
  expect(result.structuredContent, 'an error result carries no structured content (it would not match the output schema)').toBeUndefined();
  const last = result.content.at(-1) as { type: string; text: string };
  return JSON.parse(last.text) as Record<string, unknown>;
}
