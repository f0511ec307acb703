// The token endpoint (authorization_code, refresh_token) of the MCP connector's OAuth server (src/server/mcp/oauth/endpoints.ts).
import { withRequestScope } from '@/server/http/request-scope';
import { handleToken } from '@/server/mcp/oauth/endpoints';

export const dynamic = 'force-dynamic';

const handler = withRequestScope(handleToken, 'oauth-token');

export { handler as GET, handler as POST, handler as OPTIONS };
