// REST door: every procedure with OpenAPI metadata, at the contract's /api/* paths (docs/api-contract.md).
import { handleRest } from '@/server/api/rest';
import { withRequestScope } from '@/server/http/request-scope';

export const dynamic = 'force-dynamic';

const handler = withRequestScope(handleRest, 'rest');

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as HEAD };
