// How the sessions page writes a moment: in the person's own zone (the account's), en-US.
import { DateTime } from 'luxon';
import { displayTimeZone } from '@/lib/time-zone';

/** 'Sun, Nov 22, 2026 at 9:30 AM' */
export function startTimeLabel(iso: string, zone = displayTimeZone()): string {
  return DateTime.fromISO(iso, { zone }).setLocale('en-US').toFormat("ccc, LLL d, yyyy 'at' h:mm a");
}

/** '9:30 AM' */
export function timeLabel(iso: string): string {
  return DateTime.fromISO(iso, { zone: displayTimeZone() }).setLocale('en-US').toFormat('h:mm a');
}
