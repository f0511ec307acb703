// Busy time from the person's calendars, for today's free minutes and Just start's "fits before".
// Calendar subscriptions are not built yet: until they are, nobody is busy. The calendar work
// fills this one function (events of the user's subscriptions that are busy, within [from, to));
// its callers already count what it answers.
import type { Interval } from '@/lib/day-plan';
import type { Db } from '@/server/db';

export async function busyIntervals(db: Db, userId: string, from: Date, to: Date): Promise<Interval[]> {
  void db;
  void userId;
  void from;
  void to;
  return [];
}
