// The MCP connector (src/server/mcp/handler.ts): Streamable HTTP, stateless, bearer tokens.
import { handleMcp } from "@/server/mcp/handler";
import { withRequestScope } from "@/server/http/request-scope";

export const dynamic = "force-dynamic";

const handler = withRequestScope(handleMcp, "mcp");

export { handler as GET, handler as POST, handler as DELETE };
