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
  return formatter(options, zone).format(date);
}

// One Intl.DateTimeFormat per (options, zone): making one costs the platform far more than using
// it (30 rows' due dates, each made anew, were ~2-8 ms of the dashboard's hydration on a fast
// desktop, 4x that on a phone; one made and reused: under 0.5 ms). A pure cache of platform
// objects, the same for every request and person, so the server may share it too.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(options: Intl.DateTimeFormatOptions, zone: string | undefined): Intl.DateTimeFormat {
  const key = `${zone ?? ''}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
    formatters.set(key, cached);
  }
  return cached;
}
