// Connecting an assistant by its URL alone, over real HTTP with the SDK's own client and its OAuth
// flow (@modelcontextprotocol/sdk/client/auth.js): the 401 points at the protected-resource
// metadata, which names this app's authorization server; its metadata, dynamic registration, PKCE,
// the consent (here the consent screen's own call, POST /api/oauth/authorize, as the signed-in
// person), the code exchange, then tools/list and tool calls with the access token, a transparent
// refresh when it expires, Disconnect, and where the token is refused (the REST door, another
// resource, a read-only grant's write).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import { getDb } from '@/server/db';
import { listConnections, revokeConnection } from '@/server/services/oauth/connection.service';
import { TestClient } from '@/test/api-client';
import { callerFor } from '@/test/factories';
import { toolError } from '@/test/mcp';
import { server as msw } from '@/test/msw';
import { MemoryOAuthClientProvider } from '@/test/oauth-client-provider';
import { freshUser } from '@/test/rest-operations';
import { handleMcp } from '../handler';
import { handleRegistration, handleRevocation, handleToken } from './endpoints';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata';

let server: http.Server;
let base: string;
const REDIRECT = 'http://127.0.0.1:53682/callback';

/** The routes a real deployment mounts (src/app), behind one node:http front. */
function route(request: Request): Promise<Response> | Response {
  const path = new URL(request.url).pathname;
  if (path === '/api/mcp') return handleMcp(request);
  if (/^\/\.well-known\/oauth-protected-resource(\/api\/mcp)?$/.test(path)) return protectedResourceMetadata(request);
  if (/^\/\.well-known\/oauth-authorization-server(\/api\/mcp)?$/.test(path)) return authorizationServerMetadata(request);
  if (path === '/api/oauth/register') return handleRegistration(request);
  if (path === '/api/oauth/token') return handleToken(request);
  if (path === '/api/oauth/revoke') return handleRevocation(request);
  return new Response('not here', { status: 404 });
}

function serve(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
    void Promise.resolve(route(new Request(`${base}${req.url}`, { method: req.method, headers, body }))).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
}

beforeAll(async () => {
  server = http.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  msw.use(mswHttp.all(`${base}/*`, () => passthrough()));
});

const mcpUrl = () => new URL(`${base}/api/mcp`);

/** Connects as a real assistant would: the first attempt sends the person to the consent screen. */
async function connectWithOAuth(user: { id: string; emailVerified: boolean }, opts: { name?: string; scopes?: ('read' | 'write')[] } = {}) {
  const provider = new MemoryOAuthClientProvider(REDIRECT, opts.name ?? 'Claude Test');
  const first = new Client({ name: 'assistant', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  const authorizationUrl = provider.authorizationUrl!;
  // The person allows it on the consent screen, which makes this call with their browser session.
  const { redirectTo } = await callerFor(user, { host: new URL(base).host }).oauth.authorize({
    request: Object.fromEntries(authorizationUrl.searchParams),
    allow: true,
    scopes: opts.scopes,
  });
  const back = new URL(redirectTo);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  expect(back.searchParams.get('state')).toBe(provider.stateValue);
  await transport.finishAuth(back.searchParams.get('code')!);
  const client = new Client({ name: 'assistant', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  return { client, provider, authorizationUrl };
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('connecting an assistant with OAuth (the SDK client’s own flow)', () => {
  it('discovers, registers, asks for consent with PKCE and the resource, then lists and calls tools; the write names the app', async () => {
    const user = await freshUser();
    const { client, provider, authorizationUrl } = await connectWithOAuth(user);
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${base}/oauth/authorize`);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: REDIRECT,
      scope: 'read write',
      resource: `${base}/api/mcp`,
    });
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    expect(provider.saved!.access_token).toMatch(/^ota_/);

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('create_task');
    const created = await call(client, 'create_task', { title: 'Ring the bank' });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const write = await getDb().agentWrite.findFirstOrThrow({ where: { userId: user.id } });
    expect(write).toMatchObject({ tool: 'create_task', tokenId: null, oauthClientId: (provider.client as { client_id: string }).client_id, tokenName: 'Claude Test' });
    const [connection] = await listConnections(getDb(), user.id);
    expect(connection).toMatchObject({ clientName: 'Claude Test', scopes: ['read', 'write'] });
    expect(connection!.lastUsedAt).not.toBeNull();
    expect(connection!.recentWrites.map((each) => each.summary)).toEqual(['Created the task “Ring the bank”']);
    // Undone from Connected apps like a token's write: the task goes.
    await callerFor(user).user.undoAgentWrite({ id: write.id });
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(0);
    expect((await listConnections(getDb(), user.id))[0]!.recentWrites[0]).toMatchObject({ id: write.id, undoable: false, undoneAt: expect.any(String) });
    await client.close();
  });

  it('refreshes by itself when the access token has expired, rotating the refresh token', async () => {
    const user = await freshUser();
    const { client, provider } = await connectWithOAuth(user);
    const before = provider.saved!;
    await getDb().oAuthToken.updateMany({ where: { kind: 'access', grant: { userId: user.id } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const listed = await call(client, 'list_tasks');
    expect(listed.isError).toBeFalsy();
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    await client.close();
  });

  it('a read-only grant lists but is refused every write tool; its token is refused by the REST door and at another resource', async () => {
    const user = await freshUser();
    const { client, provider } = await connectWithOAuth(user, { scopes: ['read'] });
    expect(provider.saved!.scope).toBe('read');
    const refused = await call(client, 'create_task', { title: 'Nope' });
    expect(toolError(refused)).toMatchObject({ code: 'FORBIDDEN', reason: 'scope_required' });
    expect((await call(client, 'list_tasks')).structuredContent).toEqual({ tasks: [], nextCursor: null });
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(0);
    await client.close();

    const bearer = { authorization: `Bearer ${provider.saved!.access_token}` };
    expect((await new TestClient({ ...bearer, 'x-forwarded-for': '198.51.100.77' }).rest('GET', '/tasks')).status).toBe(401);
    const elsewhere = await handleMcp(
      new Request(`${base}/api/mcp`, {
        method: 'POST',
        headers: { ...bearer, 'x-forwarded-host': 'other.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('after Disconnect the app is refused at once and has to ask the person again', async () => {
    const user = await freshUser();
    const { client, provider } = await connectWithOAuth(user);
    const [connection] = await listConnections(getDb(), user.id);
    await revokeConnection(getDb(), user.id, connection!.id);
    provider.authorizationUrl = undefined;
    await expect(client.callTool({ name: 'list_tasks', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    // Its refresh token died too, so the SDK started a new authorization.
    expect(provider.authorizationUrl).toBeDefined();
    await client.close();
  });
});

describe('the consent call (POST /api/oauth/authorize)', () => {
  it('is refused cross-site (CSRF) and with a token, and checks the whole request again', async () => {
    const user = await freshUser();
    const provider = new MemoryOAuthClientProvider(REDIRECT);
    await expect(new Client({ name: 'a', version: '1' }).connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    const request = Object.fromEntries(provider.authorizationUrl!.searchParams);
    const host = new URL(base).host;
    await expect(callerFor(user, { host, origin: 'https://evil.example' }).oauth.authorize({ request, allow: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Cross-site request refused',
    });
    const asToken = createCaller({
      db: getDb(),
      session: { userId: user.id, emailVerified: true, via: 'token', tokenId: 'any', scopes: ['read', 'write'] },
      headers: new Headers({ host }),
      resHeaders: new Headers(),
    });
    await expect(asToken.oauth.authorize({ request, allow: true })).rejects.toMatchObject({ code: 'FORBIDDEN', reason: 'browser_session_required' });
    await expect(callerFor(user, { host }).oauth.authorize({ request: { ...request, redirect_uri: 'https://evil.example/cb' }, allow: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await getDb().oAuthGrant.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('the authorization server over HTTP', () => {
  it('serves RFC 8414 metadata at both well-known forms, listed by the protected-resource metadata', async () => {
    const resource = await (await fetch(`${base}/.well-known/oauth-protected-resource/api/mcp`)).json();
    expect(resource).toMatchObject({ resource: `${base}/api/mcp`, authorization_servers: [base], scopes_supported: ['read', 'write'] });
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/api/mcp']) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({
        issuer: base,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/api/oauth/token`,
        registration_endpoint: `${base}/api/oauth/register`,
        revocation_endpoint: `${base}/api/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      });
    }
  });

  it('answers RFC 6749 errors as JSON with their statuses, never a 5xx', async () => {
    const form = (body: string, type = 'application/x-www-form-urlencoded') => fetch(`${base}/api/oauth/token`, { method: 'POST', headers: { 'content-type': type }, body });
    const cases: [Response, number, string][] = [
      [await form('grant_type=authorization_code&client_id=oc_nobody&code=otc_x&code_verifier=x&redirect_uri=x'), 401, 'invalid_client'],
      [await form('grant_type=implicit&client_id=oc_x'), 400, 'unsupported_grant_type'],
      [await form('grant_type=refresh_token&grant_type=refresh_token'), 400, 'invalid_request'],
      [await form('{"grant_type":"refresh_token"}', 'application/json'), 400, 'invalid_request'],
      [await fetch(`${base}/api/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"redirect_uris":["http://evil.example/cb"]}' }), 400, 'invalid_redirect_uri'],
      [await fetch(`${base}/api/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' }), 400, 'invalid_client_metadata'],
      [await fetch(`${base}/api/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }), 400, 'invalid_request'],
    ];
    for (const [answer, status, error] of cases) {
      expect(answer.status, error).toBe(status);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.json()).toMatchObject({ error });
    }
    expect((await fetch(`${base}/api/oauth/token`)).status).toBe(405);
    const revoked = await fetch(`${base}/api/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=otr_unknown' });
    expect(revoked.status).toBe(200);
  });
});
