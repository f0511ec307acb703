// Which part of the day ritual is due now: read by the dashboard's Today card (./LazyTodayPanel),
// light enough for the dashboard's first load, and by the ritual's check-ins (./Ritual).
import type { TTodayOutput } from '@/lib/schemas/today';
import type { TUser } from '@/lib/schemas/user';

export const doneKey = (kind: 'morning' | 'evening', date: string) => `onething-ritual-${kind}-${date}`;

/** Which part of the ritual is due now, if any. */
function ritualDue(me: Pick<TUser, 'ritual' | 'workday'>, day: Pick<TTodayOutput, 'date'>, hour: number, minutes: number): 'morning' | 'evening' | null {
  if (typeof window === 'undefined') return null;
  if (me.ritual.morning && hour < 12 && !window.localStorage.getItem(doneKey('morning', day.date))) return 'morning';
  const [endHour, endMinute] = me.workday.end.split(':').map(Number) as [number, number];
  if (me.ritual.evening && hour * 60 + minutes >= endHour * 60 + endMinute && !window.localStorage.getItem(doneKey('evening', day.date))) return 'evening';
  return null;
}

/** The ritual due now on the account's clock (`timeZone`), if any. */
export function ritualDueNow(me: Pick<TUser, 'ritual' | 'workday' | 'timeZone'>, day: Pick<TTodayOutput, 'date'>): 'morning' | 'evening' | null {
  const clock = new Date();
  const local = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: 'numeric', hourCycle: 'h23', timeZone: me.timeZone }).formatToParts(clock);
  const hour = Number(local.find((part) => part.type === 'hour')?.value ?? clock.getHours());
  const minute = Number(local.find((part) => part.type === 'minute')?.value ?? clock.getMinutes());
  return ritualDue(me, day, hour, minute);
}
