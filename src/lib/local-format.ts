// Dates and times in the person's locale and own time zone (User.timeZone, set by
// setDisplayTimeZone once the account is known) with the platform's Intl alone: exactly what
// luxon's `DateTime.fromISO(value).toLocaleString(options)` prints (luxon formats through
// Intl.DateTimeFormat too), without luxon's ≈22 kB gzip in the first load of the screens that
// only show dates (the session, the dashboard). Date arithmetic in zones stays with luxon.

/** luxon's DateTime.TIME_SIMPLE: "9:05 AM" / "09:05" as the locale writes it. */
export const TIME_SIMPLE: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: 'numeric' };

/**
 * The zone every screen shows dates in: the account's, not the device's (a laptop on holiday
 * still shows the person's own clock). Set through setDisplayTimeZone and offerDisplayTimeZone
 * (src/lib/time-zone.ts), which check the zone; kept tiny here, as this module is in every first load.
 */
let shownZone: string | undefined;
/**
 * A zone offered and not checked yet (the account's zone as the page's server sent it): checked
 * when a date first needs the display zone. The check makes an Intl.DateTimeFormat, and the
 * page's first one sets up the platform's locale and zone data (15 ms on this machine's desktop
 * CPU, 4x that on a phone): a page whose hydration shows no date does not pay it there.
 */
let offeredZone: { zone: string; known: (zone: string) => boolean } | undefined;

/** The display zone (undefined: the device's); an offered zone is checked first. */
export function displayZone(): string | undefined {
  if (offeredZone) {
    const { zone, known } = offeredZone;
    offeredZone = undefined;
    if (known(zone)) shownZone = zone;
  }
  return shownZone;
}

/** Whether `zone` is the display zone, or the one offered for it. */
export function isDisplayZone(zone: string): boolean {
  return zone === (offeredZone ? offeredZone.zone : shownZone);
}

/** Shows dates on `zone`'s clock from now on; with `known`, only if `known(zone)` when the zone is first read. */
export function storeDisplayZone(zone: string, known?: (zone: string) => boolean): void {
  offeredZone = known ? { zone, known } : undefined;
  if (!known) shownZone = zone;
}

/**
 * `value` (an ISO string, epoch milliseconds or a Date) formatted for the person; luxon's text for
 * an invalid one. `zone`: where the display zone cannot be used (server rendering, which is shared
 * by every request), the account's zone from src/features/auth/AccountZone.tsx.
 */
export function formatLocal(value: string | number | Date, options: Intl.DateTimeFormatOptions, zone = displayZone()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Invalid DateTime';
  return formatter(options, zone).format(date);
}

/**
 * Sets up the platform's date formatting now, in the caller's task: the page's first
 * Intl.DateTimeFormat, whichever it is, loads ICU's locale and zone data (13-17 ms on this
 * machine's desktop CPU, 4x that on a phone); every one after it costs well under a millisecond.
 * Called in a task of its own just before a screen draws its first dates (the dashboard island's
 * hydration, the focus screen's first render), so that set-up is not added to that render's task.
 */
export function prepareDateFormatting(): void {
  formatter(TIME_SIMPLE, displayZone());
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
