'use client';
// The account's time zone, sent by the app layout from the server, set as the zone every date is
// shown in before the page below it renders: hydration already draws the person's own clock
// instead of the device's (AuthSync's copy from `auth.me` comes in an effect, after the first
// render, and a date drawn before it would keep the device's zone until something redrew it).
import { setDisplayTimeZone } from '@/lib/time-zone';

let applied: string | null = null;

export function AccountZone({ zone }: { zone: string | null }) {
  // In the browser only: on the server this module is shared by every request. Applied when the
  // layout sends a new value, so a zone changed since (Account > Profile, through AuthSync) stays.
  if (typeof window !== 'undefined' && zone && zone !== applied) {
    applied = zone;
    setDisplayTimeZone(zone);
  }
  return null;
}
