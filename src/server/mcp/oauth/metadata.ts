// Discovery for the MCP connector (the MCP authorization spec's first steps): the protected-
// resource metadata of /api/mcp (RFC 9728), naming this app as its authorization server, and
// the authorization-server metadata (RFC 8414) with every endpoint a client needs. Both are made
// from the origin the client reached (src/server/http/public-origin.ts), so the identifiers it
// compares match the URL it dialled.
import { TOKEN_SCOPES } from '@/lib/schemas/user';
import { mcpResourceUrl, publicOrigin } from '@/server/http/public-origin';
import { oauthJson } from './http';

const CACHE = { 'cache-control': 'public, max-age=3600' };

/** The endpoints of the authorization server at `origin`. */
function oauthEndpoints(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/api/oauth/token`,
    registration_endpoint: `${origin}/api/oauth/register`,
    revocation_endpoint: `${origin}/api/oauth/revoke`,
  };
}

/** GET /.well-known/oauth-authorization-server (and its /api/mcp-suffixed form). */
export function authorizationServerMetadata(request: Request): Response {
  const origin = publicOrigin(request.headers, request.url);
  return oauthJson(
    200,
    {
      ...oauthEndpoints(origin),
      scopes_supported: [...TOKEN_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${origin}/docs`,
    },
    CACHE,
  );
}

/** GET /.well-known/oauth-protected-resource (and its /api/mcp-suffixed form): RFC 9728. */
export function protectedResourceMetadata(request: Request): Response {
  const origin = publicOrigin(request.headers, request.url);
  return oauthJson(
    200,
    {
      resource: mcpResourceUrl(origin),
      authorization_servers: [origin],
      bearer_methods_supported: ['header'],
      scopes_supported: [...TOKEN_SCOPES],
      resource_name: 'Onething',
      resource_documentation: `${origin}/docs`,
    },
    CACHE,
  );
}
