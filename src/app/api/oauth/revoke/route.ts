// Token revocation (RFC 7009) of the MCP connector's OAuth server (src/server/mcp/oauth/endpoints.ts).
import { withRequestScope } from '@/server/http/request-scope';
import { handleRevocation } from '@/server/mcp/oauth/endpoints';

export const dynamic = 'force-dynamic';

const handler = withRequestScope(handleRevocation, 'oauth-revoke');

export { handler as GET, handler as POST, handler as OPTIONS };
