// The MCP connector's authorization server endpoints, each a `(Request) => Promise<Response>`
// mounted by a Next route handler: dynamic client registration (RFC 7591), the token endpoint
// (OAuth 2.1) and revocation (RFC 7009). The rules are the services' (src/server/services/oauth/);
// this is their wire format (./http.ts).
import { clientIp } from '@/server/auth/client-ip';
import { db } from '@/server/db';
import { registerClient } from '@/server/services/oauth/client.service';
import { exchangeToken, revokeOAuthToken } from '@/server/services/oauth/token.service';
import { methodNotAllowed, oauthFailure, oauthJson, preflight, readForm, readJsonObject } from './http';

/** POST /api/oauth/register: a public client registers (201 with its client_id). */
export async function handleRegistration(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, 'POST, OPTIONS');
  try {
    const body = await readJsonObject(request);
    return oauthJson(201, await registerClient(db, body, clientIp(request.headers)));
  } catch (error) {
    return oauthFailure(error);
  }
}

/** POST /api/oauth/token: an authorization code or a refresh token for tokens. */
export async function handleToken(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, 'POST, OPTIONS');
  try {
    const form = await readForm(request);
    return oauthJson(200, await exchangeToken(db, form, clientIp(request.headers)));
  } catch (error) {
    return oauthFailure(error);
  }
}

/** POST /api/oauth/revoke: ends the sign-in a token belongs to; 200 whether or not it was known. */
export async function handleRevocation(request: Request): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight();
  if (request.method !== 'POST') return methodNotAllowed(request.method, 'POST, OPTIONS');
  try {
    await revokeOAuthToken(db, await readForm(request));
    return oauthJson(200, {});
  } catch (error) {
    return oauthFailure(error);
  }
}
