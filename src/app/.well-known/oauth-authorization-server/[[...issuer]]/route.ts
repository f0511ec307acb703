// Authorization-server metadata (RFC 8414) of the MCP connector's OAuth server, at
// /.well-known/oauth-authorization-server, and at /.well-known/oauth-authorization-server/api/mcp
// for clients that take the MCP URL's path as the issuer's.
import { preflight } from '@/server/mcp/oauth/http';
import { authorizationServerMetadata } from '@/server/mcp/oauth/metadata';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ issuer?: string[] }> }): Promise<Response> {
  const path = ((await params).issuer ?? []).join('/');
  if (path !== '' && path !== 'api/mcp') {
    return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } });
  }
  return authorizationServerMetadata(request);
}

export { preflight as OPTIONS };
