// Dates and times in the person's locale and own time zone (User.timeZone, set by
// setDisplayTimeZone once the account is known) with the platform's Intl alone: exactly what
// luxon's `DateTime.fromISO(value).toLocaleString(options)` prints (luxon formats through
// Intl.DateTimeFormat too), without luxon's ≈22 kB gzip in the first load of the screens that
// only show dates (the session, the dashboard). Date arithmetic in zones stays with luxon.

/** luxon's DateTime.TIME_SIMPLE: "9:05 AM" / "09:05" as the locale writes it. */
export const TIME_SIMPLE: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: 'numeric' };

/**
 * The zone every screen shows dates in: the account's, not the device's (a laptop on holiday
 * still shows the person's own clock). Set through setDisplayTimeZone (src/lib/time-zone.ts),
 * which checks the zone first; kept tiny here, as this module is in every first load.
 */
export let displayZone: string | undefined;
export function storeDisplayZone(zone: string): void {
  displayZone = zone;
}

/**
 * `value` (an ISO string, epoch milliseconds or a Date) formatted for the person; luxon's text for
 * an invalid one. `zone`: where the display zone cannot be used (server rendering, which is shared
 * by every request), the account's zone from src/features/auth/AccountZone.tsx.
 */
export function formatLocal(value: string | number | Date, options: Intl.DateTimeFormatOptions, zone = displayZone): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid DateTime';
  return new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone }).format(date);
}
