// Protected-resource metadata (RFC 9728) for the MCP connector, at
// /.well-known/oauth-protected-resource and /.well-known/oauth-protected-resource/api/mcp.
import { preflight } from '@/server/mcp/oauth/http';
import { protectedResourceMetadata } from '@/server/mcp/oauth/metadata';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ resource?: string[] }> }): Promise<Response> {
  const path = ((await params).resource ?? []).join('/');
  if (path !== '' && path !== 'api/mcp') {
    return new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } });
  }
  return protectedResourceMetadata(request);
}

export { preflight as OPTIONS };
