// The calendar subscription router: wiring only (schemas in src/lib/schemas/calendar.ts, rules in
// src/server/services/calendar-subscription.service.ts). Static paths come before /calendars/{id}.
import { CALENDAR_LIMITS } from '@/lib/constants';
import {
  ZCalendarEventOutput,
  ZCalendarEventsInput,
  ZCalendarId,
  ZCalendarOutput,
  ZCalendarRuleInput,
  ZCreateCalendarInput,
  ZUpdateCalendarInput,
} from '@/lib/schemas/calendar';
import * as calendars from '@/server/services/calendar-subscription.service';
import { z } from 'zod';
import { createTRPCRouter, verifiedProcedure } from '../../trpc';
import { answer } from '@/server/api/answers';

const tags = ['calendars'];
const ZSuccess = z.object({ success: z.literal(true) });
const ZIdInput = z.object({ id: ZCalendarId });

const PRIVACY =
  'The address is a credential: it is stored encrypted, never answered (only `urlHint`) and never logged.';

export const calendarRouter = createTRPCRouter({
  create: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/calendars',
        tags,
        summary: 'Subscribe to a calendar',
        description:
          `Adds a read-only calendar (ICS feed) by its address: \`https:\`, \`http:\` or \`webcal:\`. The feed is fetched and read once before it is saved; ` +
          `one that cannot be read is a 400 naming why (a calendar's web page rather than its address, e.g. Google Calendar's page or Outlook's HTML link, is a 400 saying which address to copy). ` +
          `Only public addresses are fetched (see OUTBOUND_ALLOWLIST). Free plan ${CALENDAR_LIMITS.free} subscription, Plus ${CALENDAR_LIMITS.plus} (403 over). 201. ${PRIVACY}`,
        protect: true,
      },
      errors: {
        400: 'The address is not a calendar feed, or the feed cannot be fetched or read (the message says why and what to copy instead)',
        403: `Calendar limit reached (Free ${CALENDAR_LIMITS.free}, Plus ${CALENDAR_LIMITS.plus})`,
      },
    })
    .input(ZCreateCalendarInput)
    .output(answer(ZCalendarOutput))
    .mutation(({ ctx, input }) => calendars.createCalendar(ctx.db, ctx.session.userId, input)),

  list: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/calendars',
        tags,
        summary: 'Your calendar subscriptions',
        description: `Each subscription with how its last refresh went (\`status\`, \`error\`, \`lastSyncedAt\`), oldest first. ${PRIVACY}`,
        protect: true,
      },
    })
    .input(z.object({}).optional())
    .output(answer(z.array(ZCalendarOutput)))
    .query(({ ctx }) => calendars.listCalendars(ctx.db, ctx.session.userId)),

  events: verifiedProcedure
    .meta({
      scope: 'read',
      openapi: {
        method: 'GET',
        path: '/calendars/events',
        tags,
        summary: 'Events of your subscribed calendars',
        description:
          'The occurrences overlapping [from, to) from the cache (never waits on a remote server): recurrences expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID), ' +
          'cancelled events left out, transparent, free and declined ones `busy: false`, `title` null for a busy-only subscription, your hidden events left out and those you marked free `busy: false`. At most 62 days per call.',
        protect: true,
      },
    })
    .input(ZCalendarEventsInput)
    .output(answer(z.array(ZCalendarEventOutput)))
    .query(({ ctx, input }) => calendars.listCalendarEvents(ctx.db, ctx.session.userId, input)),

  update: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: { method: 'PATCH', path: '/calendars/{id}', tags, summary: 'Rename a subscription, or make it busy-only', protect: true },
      owns: 'Calendar',
    })
    .input(ZUpdateCalendarInput)
    .output(answer(ZCalendarOutput))
    .mutation(({ ctx, input }) => calendars.updateCalendar(ctx.db, ctx.session.userId, input)),

  delete: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: { method: 'DELETE', path: '/calendars/{id}', tags, summary: 'Unsubscribe', description: 'Removes the subscription, its cached events and your choices about them.', protect: true },
      owns: 'Calendar',
    })
    .input(ZIdInput)
    .output(answer(ZSuccess))
    .mutation(({ ctx, input }) => calendars.deleteCalendar(ctx.db, ctx.session.userId, input.id)),

  refresh: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'POST',
        path: '/calendars/{id}/refresh',
        tags,
        summary: 'Sync now',
        description:
          'Fetches the feed now (with If-None-Match / If-Modified-Since) and answers how it went; a failure is `status: "error"` with the reason, the cached events kept. Within 20 s of the last attempt it answers that attempt without fetching again. Subscriptions are also refreshed every 15 minutes.',
        protect: true,
      },
      owns: 'Calendar',
    })
    .input(ZIdInput)
    .output(answer(ZCalendarOutput))
    .mutation(({ ctx, input }) => calendars.refreshCalendar(ctx.db, ctx.session.userId, input.id)),

  setEventRule: verifiedProcedure
    .meta({
      scope: 'write',
      openapi: {
        method: 'PUT',
        path: '/calendars/{id}/rules',
        tags,
        summary: 'Hide an event, or treat it as free',
        description: 'For one occurrence (`occurrence` from the event) or the whole series (`occurrence: null`); `on: false` removes the choice. Kept across refreshes.',
        protect: true,
      },
      owns: 'Calendar',
    })
    .input(ZCalendarRuleInput)
    .output(answer(ZSuccess))
    .mutation(({ ctx, input }) => calendars.setEventRule(ctx.db, ctx.session.userId, input)),
});
