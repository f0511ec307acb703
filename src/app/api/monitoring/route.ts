// /api/monitoring: GET tells the browser whether and where to report errors; POST is the
// same-origin tunnel for its reports to Sentry (src/server/http/sentry-tunnel.ts). Both 404 when
// SENTRY_DSN is not set.
import { withRequestScope } from '@/server/http/request-scope';
import { handleSentryTunnel, monitoringConfig } from '@/server/http/sentry-tunnel';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = withRequestScope((req: Request) => handleSentryTunnel(req), 'monitoring');
export const GET = withRequestScope(() => monitoringConfig(), 'monitoring');
