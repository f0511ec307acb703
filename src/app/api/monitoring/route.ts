// POST /api/monitoring: the same-origin tunnel for the browser's error reports to Sentry
// (src/server/http/sentry-tunnel.ts); 404 when SENTRY_DSN is not set.
import { withRequestScope } from '@/server/http/request-scope';
import { handleSentryTunnel } from '@/server/http/sentry-tunnel';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = withRequestScope((req: Request) => handleSentryTunnel(req), 'monitoring');
