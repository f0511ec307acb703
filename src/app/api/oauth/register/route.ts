// Dynamic client registration (RFC 7591) of the MCP connector's OAuth server (src/server/mcp/oauth/endpoints.ts).
import { withRequestScope } from '@/server/http/request-scope';
import { handleRegistration } from '@/server/mcp/oauth/endpoints';

export const dynamic = 'force-dynamic';

const handler = withRequestScope(handleRegistration, 'oauth-register');

export { handler as GET, handler as POST, handler as OPTIONS };
