// Busy time from the person's subscribed calendars, for today's free minutes, Just start's
// "fits before" and the planner's session length: the busy events of the calendar cache
// (src/server/services/calendar-subscription.service.ts) within [from, to), clipped and merged,
// each block with the title of its first event (null for a busy-only calendar). Never a remote
// call: the cache is filled by the refresh job.
import type { Interval } from '@/lib/day-plan';
import type { Db } from '@/server/db';
import { busyIntervals as calendarBusy } from './calendar-subscription.service';

export async function busyIntervals(db: Db, userId: string, from: Date, to: Date): Promise<(Interval & { title: string | null })[]> {
  return calendarBusy(db, userId, from, to);
}
