// Dynamic client registration (RFC 7591) for the MCP connector's authorization server: an
// assistant registers itself once and gets a `client_id`. Public clients only (no secret:
// `token_endpoint_auth_method: none`, PKCE does the proving); redirect URIs checked by the one
// rule in src/lib/oauth.ts and matched exactly later. The name is the client's own claim: the
// consent screen says nobody verified it, and a name that claims to be Onething is refused.
// Registrations that were never used are purged after a week; per-IP rate limited.
import { z } from 'zod';
import { OAUTH_CLIENT_NAME_MAX, OAUTH_MAX_REDIRECT_URIS, redirectUriProblem } from '@/lib/oauth';
import { TOKEN_SCOPES } from '@/lib/schemas/user';
import { randomSecret } from '@/server/auth/secrets';
import type { Db } from '@/server/db';
import { consumeRateLimit, RATE_LIMITS, rateLimitKey } from '../rate-limit.service';
import { OAuthError } from './oauth-error';

/** A registration nobody ever authorised is deleted after this long. */
const UNUSED_CLIENT_MS = 7 * 24 * 60 * 60 * 1000;
const CLIENT_ID_PREFIX = 'oc_';

const OAUTH_GRANT_TYPES = ['authorization_code', 'refresh_token'] as const;

const ZText = (max: number) => z.string().max(max);

const ZRegistration = z.object({
  redirect_uris: z.array(z.string()).min(1).max(OAUTH_MAX_REDIRECT_URIS),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).max(10).optional(),
  response_types: z.array(z.string()).max(10).optional(),
  client_name: ZText(1000).optional(),
  client_uri: ZText(2000).optional(),
  scope: ZText(200).optional(),
  software_id: ZText(200).optional(),
  software_version: ZText(200).optional(),
});

export type RegisteredClient = {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
  scope: string;
  client_uri?: string;
  software_id?: string;
  software_version?: string;
};

/** The name as the consent screen shows it: one line, no control characters, trimmed to size. */
function cleanName(raw: string | undefined): string {
  const name = (raw ?? '')
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, OAUTH_CLIENT_NAME_MAX);
  return name || 'Unnamed app';
}

function invalidMetadata(description: string): never {
  throw new OAuthError('invalid_client_metadata', description);
}

/** Checks a registration request's JSON body; answers what will be stored or throws an OAuthError. */
function checkRegistration(body: unknown) {
  const parsed = ZRegistration.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || 'body';
    if (field.startsWith('redirect_uris')) throw new OAuthError('invalid_redirect_uri', `redirect_uris: ${issue.message}`);
    invalidMetadata(`${field}: ${issue.message}`);
  }
  const data = parsed.data;
  for (const uri of data.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `${problem}: ${uri.slice(0, 200)}`);
  }
  if (data.token_endpoint_auth_method !== undefined && data.token_endpoint_auth_method !== 'none') {
    invalidMetadata('Only public clients can register: token_endpoint_auth_method must be "none" (PKCE proves the client)');
  }
  const grantTypes = data.grant_types ?? OAUTH_GRANT_TYPES;
  if (!grantTypes.includes('authorization_code') || grantTypes.some((type) => !(OAUTH_GRANT_TYPES as readonly string[]).includes(type))) {
    invalidMetadata('grant_types must include "authorization_code" and may add "refresh_token"; nothing else is supported');
  }
  if (data.response_types && (data.response_types.length === 0 || data.response_types.some((type) => type !== 'code'))) {
    invalidMetadata('response_types can only be ["code"]');
  }
  if (data.scope !== undefined) {
    const unknown = data.scope.split(' ').filter((scope) => scope && !(TOKEN_SCOPES as readonly string[]).includes(scope));
    if (unknown.length > 0) invalidMetadata(`Unknown scope: ${unknown.join(' ').slice(0, 100)} (read and write exist)`);
  }
  if (data.client_uri !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(data.client_uri);
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== 'https:') invalidMetadata('client_uri must be an https URL');
  }
  const name = cleanName(data.client_name);
  if (/onething/i.test(name.replace(/[\s._-]/g, ''))) invalidMetadata('client_name cannot claim to be Onething');
  return {
    name,
    redirectUris: [...new Set(data.redirect_uris)],
    clientUri: data.client_uri ?? null,
    softwareId: data.software_id?.trim() || null,
    softwareVersion: data.software_version?.trim() || null,
    grantTypes: OAUTH_GRANT_TYPES.filter((type) => grantTypes.includes(type)),
  };
}

/** Registers a public client (201 body of RFC 7591 section 3.2.1), at most 20 per address per hour. */
export async function registerClient(db: Db, body: unknown, ip: string, now = new Date()): Promise<RegisteredClient> {
  const client = checkRegistration(body);
  const limit = await consumeRateLimit(db, { key: rateLimitKey('oauth-register:ip', ip), ...RATE_LIMITS.oauthRegisterPerIp }, now);
  if (!limit.ok) throw new OAuthError('slow_down', 'Too many registrations from this address. Please try again later.', limit.retryAfterSeconds);
  await db.oAuthClient.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - UNUSED_CLIENT_MS) }, lastUsedAt: null } });
  const row = await db.oAuthClient.create({
    data: {
      id: `${CLIENT_ID_PREFIX}${randomSecret(18)}`,
      clientName: client.name,
      redirectUris: client.redirectUris,
      grantTypes: client.grantTypes,
      clientUri: client.clientUri,
      softwareId: client.softwareId,
      softwareVersion: client.softwareVersion,
      createdAt: now,
    },
  });
  return {
    client_id: row.id,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    client_name: row.clientName,
    redirect_uris: row.redirectUris,
    grant_types: row.grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: TOKEN_SCOPES.join(' '),
    ...(row.clientUri ? { client_uri: row.clientUri } : {}),
    ...(row.softwareId ? { software_id: row.softwareId } : {}),
    ...(row.softwareVersion ? { software_version: row.softwareVersion } : {}),
  };
}

export type OAuthClientRow = { id: string; clientName: string; redirectUris: string[]; grantTypes: string[]; clientUri: string | null };

/** The registered client with this id, or null. */
export function findClient(db: Db, clientId: string): Promise<OAuthClientRow | null> {
  if (!clientId.startsWith(CLIENT_ID_PREFIX) || clientId.length > 100) return Promise.resolve(null);
  return db.oAuthClient.findUnique({ where: { id: clientId }, select: { id: true, clientName: true, redirectUris: true, grantTypes: true, clientUri: true } });
}
