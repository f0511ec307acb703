// Calendar subscriptions (read-only ICS feeds the user subscribes to): the REST contract's
// shapes (docs/api-contract.md, "Calendar subscriptions"). The feed URL goes in, never out:
// answers carry `urlHint` only.
import './zod-config';
import { z } from 'zod';

/** How far around today the cached events reach. */
export const CALENDAR_PAST_DAYS = 60;
export const CALENDAR_FUTURE_DAYS = 365;
/** The longest span one events query may ask for. */
export const CALENDAR_QUERY_MAX_DAYS = 62;

export const ZCalendarId = z.string().min(1).max(64).describe('The subscription id');

export const ZCreateCalendarInput = z.object({
  url: z.string().trim().min(1).max(2000).describe('The feed address: https:, http: or webcal: (e.g. Google’s "Secret address in iCal format")'),
  name: z.string().trim().min(1).max(100).optional().describe('What to call it; default the feed’s own name (X-WR-CALNAME) or its host'),
  busyOnly: z.boolean().optional().default(false).describe('Keep only busy/free time: event titles are never shown'),
});

export const ZUpdateCalendarInput = z.object({
  id: ZCalendarId,
  name: z.string().trim().min(1).max(100).optional(),
  busyOnly: z.boolean().optional(),
});

export const ZCalendarOutput = z
  .object({
    id: z.string(),
    name: z.string(),
    urlHint: z.string().describe('Host and the end of the path; the full address is never answered'),
    busyOnly: z.boolean(),
    status: z.enum(['ok', 'error']),
    error: z.string().nullable().describe('Why the last refresh failed, in words a person can act on (e.g. "401: the calendar refused access...")'),
    lastSyncedAt: z.iso.datetime().nullable().describe('The last refresh that read the feed'),
    eventCount: z.number().int().describe('Occurrences cached from 60 days ago to a year ahead'),
    skippedEvents: z.number().int().describe('Events of the feed that could not be read (the rest are kept)'),
  })
  .meta({ id: 'CalendarSubscription' });
export type TCalendarOutput = z.infer<typeof ZCalendarOutput>;

export const ZCalendarEventsInput = z.object({
  from: z.iso.datetime({ offset: true }).describe('Start of the span (ISO 8601)'),
  to: z.iso.datetime({ offset: true }).describe(`End of the span (at most ${CALENDAR_QUERY_MAX_DAYS} days after from)`),
});

export const ZCalendarEventOutput = z
  .object({
    calendarId: z.string(),
    uid: z.string().describe('The event’s UID in its feed'),
    occurrence: z.string().describe('This occurrence’s original start: with uid, names it for hide / free'),
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    allDay: z.boolean(),
    title: z.string().nullable().describe('null for a busy-only subscription'),
    busy: z.boolean().describe('false for transparent, free or declined events, and those you marked free'),
    recurring: z.boolean(),
  })
  .meta({ id: 'CalendarEvent' });
export type TCalendarEventOutput = z.infer<typeof ZCalendarEventOutput>;

export const ZCalendarRuleInput = z.object({
  id: ZCalendarId,
  uid: z.string().min(1).max(1000).describe('The event’s uid'),
  occurrence: z.string().max(40).nullable().describe('One occurrence (its `occurrence`), or null for the whole series'),
  action: z.enum(['hide', 'free']).describe('`hide`: leave it out; `free`: show it but count it as free time'),
  on: z.boolean().default(true).describe('false removes the choice'),
});
