// The MCP connector's OAuth 2.1 server against the real database: registration (public clients,
// redirect URIs), the authorization request's checks (what is shown on the page, what goes back
// to the app), consent, the code exchange (PKCE, single use, expiry, binding to client and
// redirect URI and resource), refresh-token rotation with reuse detection, revocation, the
// access token's audience, and Connected apps.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { createUser } from '@/test/factories';
import { checkAuthorizationRequest, decideAuthorization, type AuthorizationParams } from './authorization.service';
import { registerClient } from './client.service';
import { listConnections, revokeConnection } from './connection.service';
import { OAuthError } from './oauth-error';
import { exchangeToken, oauthAccessSession, revokeOAuthToken } from './token.service';

const db = getDb();
const SERVER = { issuer: 'http://app.test', resource: 'http://app.test/api/mcp' };
const REDIRECT = 'http://127.0.0.1:33418/callback';

const ip = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`;

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function client(body: Record<string, unknown> = {}) {
  return registerClient(db, { client_name: 'Claude', redirect_uris: [REDIRECT], ...body }, ip());
}

function params(clientId: string, challenge: string, extra: AuthorizationParams = {}): AuthorizationParams {
  return {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-123',
    scope: 'read write',
    resource: SERVER.resource,
    ...extra,
  };
}

/** Registers a client, and the user allows it: the code, its verifier and the client. */
async function authorised(opts: { scopes?: ('read' | 'write')[]; user?: { id: string } } = {}) {
  const user = opts.user ?? (await createUser());
  const registered = await client();
  const { verifier, challenge } = pkce();
  const { redirectTo } = await decideAuthorization(db, { userId: user.id, emailVerified: true }, params(registered.client_id, challenge), SERVER, {
    allow: true,
    scopes: opts.scopes,
  });
  const url = new URL(redirectTo);
  return { user, clientId: registered.client_id, verifier, code: url.searchParams.get('code')!, url };
}

function exchange(form: Record<string, string>, now?: Date) {
  return exchangeToken(db, form, ip(), now);
}

function codeForm(a: { clientId: string; code: string; verifier: string }, extra: Record<string, string> = {}) {
  return { grant_type: 'authorization_code', client_id: a.clientId, code: a.code, code_verifier: a.verifier, redirect_uri: REDIRECT, resource: SERVER.resource, ...extra };
}

async function oauthError(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

describe('dynamic client registration', () => {
  it('registers a public client with loopback, https and native-app redirect URIs and answers RFC 7591 metadata', async () => {
    const answer = await client({ redirect_uris: [REDIRECT, 'https://claude.ai/api/mcp/auth_callback', 'cursor://anysphere.cursor-mcp/oauth/callback'] });
    expect(answer).toMatchObject({
      client_name: 'Claude',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    expect(answer.client_id).toMatch(/^oc_/);
    const row = await db.oAuthClient.findUniqueOrThrow({ where: { id: answer.client_id } });
    expect(row.redirectUris).toHaveLength(3);
    expect(row.lastUsedAt).toBeNull();
  });

  it.each([
    ['http://evil.example/callback', 'invalid_redirect_uri'],
    ['javascript:alert(1)', 'invalid_redirect_uri'],
    ['https://app.example/cb#frag', 'invalid_redirect_uri'],
    ['https://user:pw@app.example/cb', 'invalid_redirect_uri'],
    ['/relative', 'invalid_redirect_uri'],
  ])('refuses the redirect URI %s', async (uri, code) => {
    const error = await oauthError(client({ redirect_uris: [uri] }));
    expect(error.error).toBe(code);
    expect(error.status).toBe(400);
  });

  it('refuses a confidential client, an unknown grant type and a name claiming to be Onething', async () => {
    expect((await oauthError(client({ token_endpoint_auth_method: 'client_secret_basic' }))).error).toBe('invalid_client_metadata');
    expect((await oauthError(client({ grant_types: ['client_credentials'] }))).error).toBe('invalid_client_metadata');
    expect((await oauthError(client({ client_name: 'One Thing official' }))).error).toBe('invalid_client_metadata');
  });

  it('allows 20 registrations per address per hour, then answers slow_down (429) with a wait', async () => {
    const address = ip();
    for (let index = 0; index < 20; index += 1) await registerClient(db, { redirect_uris: [REDIRECT] }, address);
    const error = await oauthError(registerClient(db, { redirect_uris: [REDIRECT] }, address));
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('the authorization request', () => {
  it('shows an unknown client and an unregistered redirect URI on the page, never redirecting', async () => {
    const { challenge } = pkce();
    expect(await checkAuthorizationRequest(db, params('oc_nope', challenge), SERVER)).toMatchObject({ kind: 'invalid' });
    const registered = await client();
    const other = await checkAuthorizationRequest(db, params(registered.client_id, challenge, { redirect_uri: 'http://127.0.0.1:33418/other' }), SERVER);
    expect(other).toMatchObject({ kind: 'invalid' });
  });

  it.each([
    [{ code_challenge: undefined }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ scope: 'read admin' }, 'invalid_scope'],
    [{ resource: 'https://other.example/api/mcp' }, 'invalid_target'],
    [{ state: ['a', 'b'] }, 'invalid_request'],
  ])('answers %o to the app as %s, with its state and the issuer', async (change, error) => {
    const registered = await client();
    const check = await checkAuthorizationRequest(db, params(registered.client_id, pkce().challenge, change as AuthorizationParams), SERVER);
    expect(check.kind).toBe('redirect');
    const url = new URL((check as { to: string }).to);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(url.searchParams.get('error')).toBe(error);
    expect(url.searchParams.get('iss')).toBe(SERVER.issuer);
    if (!('state' in change)) expect(url.searchParams.get('state')).toBe('st-123');
  });

  it('Deny sends access_denied back; Allow needs a verified e-mail; Allow sends a code with the state and issuer', async () => {
    const user = await createUser({ emailVerified: false, emailVerifiedAt: null });
    const registered = await client();
    const request = params(registered.client_id, pkce().challenge);
    const denied = new URL((await decideAuthorization(db, { userId: user.id, emailVerified: false }, request, SERVER, { allow: false })).redirectTo);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st-123');
    await expect(decideAuthorization(db, { userId: user.id, emailVerified: false }, request, SERVER, { allow: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const granted = await authorised();
    expect(granted.url.searchParams.get('state')).toBe('st-123');
    expect(granted.url.searchParams.get('iss')).toBe(SERVER.issuer);
    expect(granted.code).toMatch(/^otc_/);
    const stored = await db.oAuthAuthorizationCode.findFirstOrThrow({ where: { grant: { userId: granted.user.id } } });
    expect(stored.codeHash).not.toContain(granted.code.slice(4));
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThanOrEqual(60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(600_000);
  });
});

describe('the token endpoint', () => {
  it('exchanges a code once for an hour-long access token bound to the resource, and a refresh token', async () => {
    const granted = await authorised();
    const tokens = await exchange(codeForm(granted));
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read write' });
    expect(tokens.access_token).toMatch(/^ota_/);
    expect(tokens.refresh_token).toMatch(/^otr_/);
    const session = await oauthAccessSession(db, tokens.access_token, SERVER.resource);
    expect(session).toMatchObject({ userId: granted.user.id, via: 'token', oauthClientId: granted.clientId, scopes: ['read', 'write'] });
    // Audience: the same token at another resource is refused; and only hashes are stored.
    expect(await oauthAccessSession(db, tokens.access_token, 'http://other.test/api/mcp')).toBeNull();
    expect(await db.oAuthToken.count({ where: { tokenHash: tokens.access_token } })).toBe(0);
  });

  it('refuses a wrong PKCE verifier', async () => {
    const granted = await authorised();
    const error = await oauthError(exchange(codeForm(granted, { code_verifier: pkce().verifier })));
    expect(error).toMatchObject({ error: 'invalid_grant', status: 400 });
    expect(error.description).toMatch(/code_verifier/);
  });

  it('refuses a second use of a code and revokes the tokens the first use got', async () => {
    const granted = await authorised();
    const first = await exchange(codeForm(granted));
    const error = await oauthError(exchange(codeForm(granted)));
    expect(error.error).toBe('invalid_grant');
    expect(await oauthAccessSession(db, first.access_token, SERVER.resource)).toBeNull();
    expect((await oauthError(exchange({ grant_type: 'refresh_token', client_id: granted.clientId, refresh_token: first.refresh_token! }))).error).toBe('invalid_grant');
  });

  it('refuses an expired code, another redirect URI, another client and another resource', async () => {
    const granted = await authorised();
    const later = new Date(Date.now() + 11 * 60_000);
    expect((await oauthError(exchange(codeForm(granted), later))).description).toMatch(/expired/);
    expect((await oauthError(exchange(codeForm(granted, { redirect_uri: 'http://127.0.0.1:33418/other' })))).error).toBe('invalid_grant');
    const other = await client();
    expect((await oauthError(exchange(codeForm(granted, { client_id: other.client_id })))).error).toBe('invalid_grant');
    expect((await oauthError(exchange(codeForm(granted, { resource: 'https://other.example/api/mcp' })))).error).toBe('invalid_target');
    expect((await oauthError(exchange(codeForm(granted, { client_id: 'oc_unknown' })))).status).toBe(401);
    // None of those used the code up.
    expect((await exchange(codeForm(granted))).access_token).toMatch(/^ota_/);
  });

  it('rotates refresh tokens, and a rotated one presented again later revokes the whole family', async () => {
    const granted = await authorised();
    const first = await exchange(codeForm(granted));
    const refresh = (token: string, extra: Record<string, string> = {}, now?: Date) =>
      exchange({ grant_type: 'refresh_token', client_id: granted.clientId, refresh_token: token, resource: SERVER.resource, ...extra }, now);
    const second = await refresh(first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await oauthAccessSession(db, second.access_token, SERVER.resource)).not.toBeNull();
    const third = await refresh(second.refresh_token!, { scope: 'read' });
    expect(third.scope).toBe('read');
    expect((await oauthError(refresh(third.refresh_token!, { scope: 'read write' }))).error).toBe('invalid_scope');

    // The first refresh token again, two minutes on: a thief or the app has a stale copy; either way, all of it ends.
    const later = new Date(Date.now() + 2 * 60_000);
    const reuse = await oauthError(refresh(first.refresh_token!, {}, later));
    expect(reuse.error).toBe('invalid_grant');
    for (const tokens of [first, second, third]) expect(await oauthAccessSession(db, tokens.access_token, SERVER.resource)).toBeNull();
    expect((await oauthError(refresh(third.refresh_token!))).error).toBe('invalid_grant');
  });

  it('parallel refreshes with the same token (an assistant’s requests meeting an expired token together) each get a working pair', async () => {
    const granted = await authorised();
    const first = await exchange(codeForm(granted));
    const form = { grant_type: 'refresh_token', client_id: granted.clientId, refresh_token: first.refresh_token!, resource: SERVER.resource };
    const answers = await Promise.all([exchange(form), exchange(form), exchange(form)]);
    expect(new Set(answers.map((answer) => answer.refresh_token)).size).toBe(3);
    for (const answer of answers) expect(await oauthAccessSession(db, answer.access_token, SERVER.resource)).not.toBeNull();
    expect((await exchange({ ...form, refresh_token: answers[2]!.refresh_token! })).access_token).toMatch(/^ota_/);
  });

  it('revocation (RFC 7009) of a refresh token ends its access tokens; an unknown token is no error', async () => {
    const granted = await authorised();
    const tokens = await exchange(codeForm(granted));
    await revokeOAuthToken(db, { token: 'otr_unknown', client_id: granted.clientId });
    await revokeOAuthToken(db, { token: tokens.refresh_token!, client_id: 'oc_someone_else' });
    expect(await oauthAccessSession(db, tokens.access_token, SERVER.resource)).not.toBeNull();
    await revokeOAuthToken(db, { token: tokens.refresh_token!, client_id: granted.clientId, token_type_hint: 'refresh_token' });
    expect(await oauthAccessSession(db, tokens.access_token, SERVER.resource)).toBeNull();
  });

  it('an access token stops at its hour', async () => {
    const granted = await authorised();
    const tokens = await exchange(codeForm(granted));
    expect(await oauthAccessSession(db, tokens.access_token, SERVER.resource, new Date(Date.now() + 61 * 60_000))).toBeNull();
  });

  it('answers unsupported_grant_type and invalid_request for what it does not take', async () => {
    expect((await oauthError(exchange({ grant_type: 'password', client_id: 'oc_x' }))).error).toBe('unsupported_grant_type');
    expect((await oauthError(exchange({ client_id: 'oc_x' }))).error).toBe('invalid_request');
  });
});

describe('Connected apps', () => {
  it('lists each connection with its scopes, connection time and last use, and Disconnect ends every token at once', async () => {
    const granted = await authorised({ scopes: ['read'] });
    const tokens = await exchange(codeForm(granted));
    expect(tokens.scope).toBe('read');
    await oauthAccessSession(db, tokens.access_token, SERVER.resource);
    const [connection] = await listConnections(db, granted.user.id);
    expect(connection).toMatchObject({ clientName: 'Claude', clientId: granted.clientId, scopes: ['read'], redirectHosts: ['127.0.0.1:33418'] });
    expect(connection!.lastUsedAt).not.toBeNull();

    const stranger = await createUser();
    await expect(revokeConnection(db, stranger.id, connection!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await revokeConnection(db, granted.user.id, connection!.id);
    expect(await oauthAccessSession(db, tokens.access_token, SERVER.resource)).toBeNull();
    expect((await oauthError(exchange({ grant_type: 'refresh_token', client_id: granted.clientId, refresh_token: tokens.refresh_token! }))).error).toBe('invalid_grant');
    expect(await listConnections(db, granted.user.id)).toEqual([]);
  });

  it('a new consent replaces the earlier one: its tokens stop, and the list shows the new scopes', async () => {
    const granted = await authorised();
    const tokens = await exchange(codeForm(granted));
    const { challenge } = pkce();
    await decideAuthorization(db, { userId: granted.user.id, emailVerified: true }, params(granted.clientId, challenge, { scope: 'read' }), SERVER, { allow: true });
    expect(await oauthAccessSession(db, tokens.access_token, SERVER.resource)).toBeNull();
    expect((await listConnections(db, granted.user.id)).map((app) => app.scopes)).toEqual([['read']]);
  });
});
