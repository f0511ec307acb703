// Dates and times in the person's locale and own time zone (User.timeZone, set by
// setDisplayTimeZone once the account is known) with the platform's Intl alone: exactly what
// luxon's `DateTime.fromISO(value).toLocaleString(options)` prints (luxon formats through
// Intl.DateTimeFormat too), without luxon's ≈22 kB gzip in the first load of the screens that
// only show dates (the session, the dashboard). Date arithmetic in zones stays with luxon.

/** luxon's DateTime.TIME_SIMPLE: "9:05 AM" / "09:05" as the locale writes it. */
export const TIME_SIMPLE: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: 'numeric' };

let displayZone: string | undefined;

/**
 * The zone every screen shows dates in: the account's, not the device's (a laptop on holiday
 * still shows the person's own clock). Ignored when this browser does not know the zone.
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  if (!zone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    displayZone = zone;
  } catch {
    // An alias this browser's ICU lacks: keep the device's zone rather than fail every date.
  }
}

/** The account's zone once known, else the browser's. */
export function displayTimeZone(): string {
  if (displayZone) return displayZone;
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** `value` (an ISO string, epoch milliseconds or a Date) formatted for the person; luxon's text for an invalid one. */
export function formatLocal(value: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid DateTime';
  return new Intl.DateTimeFormat(undefined, displayZone ? { ...options, timeZone: displayZone } : options).format(date);
}
