// The private calendar (ICS) feed: GET /api/calendar/{userId}/{token}.ics. The token in the URL
// is the only credential (calendar apps send no cookie); a wrong, rotated or disabled one is a
// plain 404. Logic in src/server/services/calendar-feed.service.ts.
import { db } from '@/server/db';
import { reportError } from '@/server/error-report';
import { withRequestScope } from '@/server/http/request-scope';
import { calendarFeedBody } from '@/server/services/calendar-feed.service';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ userId: string; file: string }> };

function notFound(): Response {
  return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

async function feed(_req: Request, { params }: Params): Promise<Response> {
  const { userId, file } = await params;
  if (!file.endsWith('.ics')) return notFound();
  try {
    const body = await calendarFeedBody(db, userId, file.slice(0, -'.ics'.length));
    if (body === null) return notFound();
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': 'inline; filename="onething.ics"',
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      },
    });
  } catch (error) {
    reportError('calendar feed failed', error);
    return new Response('The calendar feed is unavailable right now\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

export const GET = withRequestScope(feed, 'calendar-feed');
