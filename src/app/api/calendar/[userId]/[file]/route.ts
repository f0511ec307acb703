// The private calendar (ICS) feed: GET /api/calendar/{userId}/{token}.ics, served by its entry
// point in src/server/inbound/calendar-feed.ts.
import { withRequestScope } from '@/server/http/request-scope';
import { serveCalendarFeed } from '@/server/inbound/calendar-feed';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ userId: string; file: string }> };

async function feed(_req: Request, { params }: Params): Promise<Response> {
  const { userId, file } = await params;
  return serveCalendarFeed(userId, file);
}

export const GET = withRequestScope(feed, 'calendar-feed');
