// tRPC door, when Next serves the API itself (ONETHING_DOOR=off): the browser app's typed client
// talks to the same router here, through the door's own path (src/server/api/trpc-http.ts).
import { serveTrpcRequest } from '@/server/api/trpc-http';
import { withRequestScope } from '@/server/http/request-scope';

export const dynamic = 'force-dynamic';

const handler = withRequestScope((req: Request) => serveTrpcRequest(req), 'trpc');

export { handler as GET, handler as POST };
