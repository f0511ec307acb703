// GET /api/openapi.json: the OpenAPI document of every REST call.
import { openApiDocument } from '@/server/api/openapi';
import { env } from '@/server/env';

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(openApiDocument(env().APP_URL), { headers: { 'cache-control': 'no-store' } });
}
