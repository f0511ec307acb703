// The private calendar (ICS) feed's entry point: GET /api/calendar/{userId}/{token}.ics. The
// token in the URL is the only credential (calendar apps send no cookie); a wrong, rotated or
// disabled one is a plain 404. The route file (src/app/api/calendar/…/route.ts) only hands the
// request here; the rules are in src/server/services/calendar-feed.service.ts.
import { db } from '@/server/db';
import { reportError } from '@/server/error-report';
import { calendarFeedBody } from '@/server/services/calendar-feed.service';

function notFound(): Response {
  return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
}

export async function serveCalendarFeed(userId: string, file: string): Promise<Response> {
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
