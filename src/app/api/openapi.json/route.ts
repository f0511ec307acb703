// GET /api/openapi.json: the OpenAPI document of every REST call.
import { openApiDocument } from '@/server/api/openapi';
import { env } from '@/server/env';
import { withRequestScope } from '@/server/http/request-scope';

export const dynamic = 'force-dynamic';

export const GET = withRequestScope(
  () => Response.json(openApiDocument(env().APP_URL), { headers: { 'cache-control': 'no-store', 'content-disposition': 'inline; filename="openapi.json"' } }),
  'openapi',
);
