// How the sessions page writes a moment: in the person's own zone (the browser's), en-US.
import { DateTime } from 'luxon';

/** 'Sun, Nov 22, 2026 at 9:30 AM' */
export function startTimeLabel(iso: string): string {
  return DateTime.fromISO(iso).setLocale('en-US').toFormat("ccc, LLL d, yyyy 'at' h:mm a");
}

/** '9:30 AM' */
export function timeLabel(iso: string): string {
  return DateTime.fromISO(iso).setLocale('en-US').toFormat('h:mm a');
}
