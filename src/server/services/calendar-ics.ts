// Reading a subscribed calendar (an ICS feed) into the occurrences of a window, with ical.js
// (the iCalendar library Thunderbird's calendar uses): RRULE with EXDATE, RDATE and
// RECURRENCE-ID overrides, all-day and multi-day events, events in other zones, floating times on
// the account's clock, folded and non-ASCII lines.
//
// Zones: a TZID is read from the feed's own VTIMEZONE when it has one (Outlook names its zones
// the Windows way, "W. Europe Standard Time", and ships their VTIMEZONE); a TZID without one is
// looked up as an IANA name, then as a Windows name (mapped to IANA), then by an IANA name inside
// it ("/mozilla.org/.../Europe/Berlin"), and given the VTIMEZONE timezones-ical-library compiles
// from the tz database (as src/server/services/calendar-feed.service.ts does for the feed it
// writes). An unknown zone never drops the feed: those times are read on the account's clock.
//
// Busy or free: TRANSP:TRANSPARENT, X-MICROSOFT-CDO-BUSYSTATUS:FREE and an invitation the account
// declined are free; an all-day event is free unless it says it is busy (TRANSP:OPAQUE or a
// busy status), as Google and Outlook mark holidays and reminders. STATUS:CANCELLED is left out.
//
// One bad event never drops the feed: the feed is parsed whole, or (when one block breaks the
// parser) block by block, and each event that cannot be read is counted in `skipped`.
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';

export type Occurrence = {
  uid: string;
  /** This occurrence's original start (its RECURRENCE-ID), ISO: with `uid` it names the occurrence. */
  occurrence: string;
  start: Date;
  end: Date;
  allDay: boolean;
  title: string | null;
  busy: boolean;
  recurring: boolean;
};

export type ParsedFeed = { name: string | null; occurrences: Occurrence[]; skipped: number; truncated: boolean };

export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

export type ParseOptions = {
  from: Date;
  to: Date;
  /** The account's zone: floating times and all-day dates are on its clock. */
  zone: string;
  /** The account's e-mail: an invitation it declined is free time. */
  ownerEmail?: string;
  /** Most occurrences kept (the earliest); the rest are dropped and `truncated` set. */
  maxOccurrences?: number;
};

/** Windows zone names (as Outlook and Exchange write them) → IANA, from CLDR's windowsZones. */
const WINDOWS_ZONES: Record<string, string> = {
  'Dateline Standard Time': 'Etc/GMT+12',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Alaskan Standard Time': 'America/Anchorage',
  'Pacific Standard Time': 'America/Los_Angeles',
  'Pacific Standard Time (Mexico)': 'America/Tijuana',
  'US Mountain Standard Time': 'America/Phoenix',
  'Mountain Standard Time': 'America/Denver',
  'Central America Standard Time': 'America/Guatemala',
  'Central Standard Time': 'America/Chicago',
  'Central Standard Time (Mexico)': 'America/Mexico_City',
  'Canada Central Standard Time': 'America/Regina',
  'SA Pacific Standard Time': 'America/Bogota',
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indiana/Indianapolis',
  'Venezuela Standard Time': 'America/Caracas',
  'Atlantic Standard Time': 'America/Halifax',
  'SA Western Standard Time': 'America/La_Paz',
  'Pacific SA Standard Time': 'America/Santiago',
  'Newfoundland Standard Time': 'America/St_Johns',
  'E. South America Standard Time': 'America/Sao_Paulo',
  'Argentina Standard Time': 'America/Argentina/Buenos_Aires',
  'SA Eastern Standard Time': 'America/Cayenne',
  'Greenland Standard Time': 'America/Godthab',
  'Azores Standard Time': 'Atlantic/Azores',
  'Cape Verde Standard Time': 'Atlantic/Cape_Verde',
  UTC: 'Etc/UTC',
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Romance Standard Time': 'Europe/Paris',
  'Central European Standard Time': 'Europe/Warsaw',
  'W. Central Africa Standard Time': 'Africa/Lagos',
  'GTB Standard Time': 'Europe/Bucharest',
  'Middle East Standard Time': 'Asia/Beirut',
  'Egypt Standard Time': 'Africa/Cairo',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'South Africa Standard Time': 'Africa/Johannesburg',
  'FLE Standard Time': 'Europe/Kiev',
  'Israel Standard Time': 'Asia/Jerusalem',
  'Turkey Standard Time': 'Europe/Istanbul',
  'Arabic Standard Time': 'Asia/Baghdad',
  'Arab Standard Time': 'Asia/Riyadh',
  'Russian Standard Time': 'Europe/Moscow',
  'E. Africa Standard Time': 'Africa/Nairobi',
  'Iran Standard Time': 'Asia/Tehran',
  'Arabian Standard Time': 'Asia/Dubai',
  'Afghanistan Standard Time': 'Asia/Kabul',
  'Pakistan Standard Time': 'Asia/Karachi',
  'West Asia Standard Time': 'Asia/Tashkent',
  'India Standard Time': 'Asia/Kolkata',
  'Sri Lanka Standard Time': 'Asia/Colombo',
  'Nepal Standard Time': 'Asia/Kathmandu',
  'Bangladesh Standard Time': 'Asia/Dhaka',
  'Myanmar Standard Time': 'Asia/Yangon',
  'SE Asia Standard Time': 'Asia/Bangkok',
  'China Standard Time': 'Asia/Shanghai',
  'Singapore Standard Time': 'Asia/Singapore',
  'Taipei Standard Time': 'Asia/Taipei',
  'W. Australia Standard Time': 'Australia/Perth',
  'Korea Standard Time': 'Asia/Seoul',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'Cen. Australia Standard Time': 'Australia/Adelaide',
  'AUS Central Standard Time': 'Australia/Darwin',
  'E. Australia Standard Time': 'Australia/Brisbane',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'Tasmania Standard Time': 'Australia/Hobart',
  'West Pacific Standard Time': 'Pacific/Port_Moresby',
  'New Zealand Standard Time': 'Pacific/Auckland',
  'Tonga Standard Time': 'Pacific/Tongatapu',
};

/** The IANA zone a TZID stands for, or null. */
export function ianaZoneFor(tzid: string): string | null {
  const name = tzid.replace(/^"|"$/g, '').trim();
  const valid = (zone: string) => DateTime.local().setZone(zone).isValid;
  if (WINDOWS_ZONES[name]) return WINDOWS_ZONES[name];
  if (name.includes('/') && valid(name)) return name;
  // "/mozilla.org/20050126_1/Europe/Berlin", "/citadel.org/.../America/New_York"
  const tail = /([A-Z][A-Za-z_-]+\/[A-Z][A-Za-z_+-]+(?:\/[A-Z][A-Za-z_-]+)?)$/.exec(name);
  if (tail && valid(tail[1]!)) return tail[1]!;
  // "(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna" is how some exports name them.
  if (/^\(UTC([+-]\d\d:\d\d)?\)/.test(name)) return null;
  return null;
}

/** A VTIMEZONE component for an IANA zone, under the feed's own TZID. */
function vtimezoneFor(tzid: string): ICAL.Component | null {
  const zone = ianaZoneFor(tzid);
  if (!zone || zone === 'Etc/UTC') return null;
  const answer = tzlib_get_ical_block(zone);
  if (!Array.isArray(answer) || !answer[0]) return null;
  try {
    const component = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${answer[0]}\r\nEND:VCALENDAR`) as unknown[]).getFirstSubcomponent('vtimezone');
    component?.updatePropertyWithValue('tzid', tzid);
    return component;
  } catch {
    return null;
  }
}

/** Unfolds lines and splits the feed into its VTIMEZONE and VEVENT blocks (text). */
function blocks(text: string): { zones: string[]; events: string[]; name: string | null } {
  const lines = text.replace(/\r\n[ \t]/g, '').replace(/\n[ \t]/g, '').split(/\r?\n/);
  const zones: string[] = [];
  const events: string[] = [];
  let current: string[] | null = null;
  let kind: 'VTIMEZONE' | 'VEVENT' | null = null;
  let depth = 0;
  let name: string | null = null;
  for (const line of lines) {
    if (!current && /^X-WR-CALNAME[;:]/i.test(line)) name = line.slice(line.indexOf(':') + 1);
    const begin = /^BEGIN:(VTIMEZONE|VEVENT)\s*$/i.exec(line);
    if (!current && begin) {
      current = [line];
      kind = begin[1]!.toUpperCase() as 'VTIMEZONE' | 'VEVENT';
      depth = 1;
      continue;
    }
    if (!current) continue;
    current.push(line);
    if (/^BEGIN:/i.test(line)) depth += 1;
    if (/^END:/i.test(line)) depth -= 1;
    if (depth === 0) {
      (kind === 'VTIMEZONE' ? zones : events).push(current.join('\r\n'));
      current = null;
    }
  }
  if (current && kind === 'VEVENT') events.push(current.join('\r\n'));
  return { zones, events, name };
}

/**
 * The feed's text from its bytes: folded lines joined first, byte by byte, since some
 * generators fold at 75 octets even inside a multi-byte UTF-8 character; then UTF-8 (a BOM dropped).
 */
export function decodeFeed(bytes: Uint8Array): string {
  const out = Buffer.alloc(bytes.length);
  let length = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index]!;
    if (byte === 0x0d && bytes[index + 1] === 0x0a && (bytes[index + 2] === 0x20 || bytes[index + 2] === 0x09)) {
      index += 2;
      continue;
    }
    if (byte === 0x0a && (bytes[index + 1] === 0x20 || bytes[index + 1] === 0x09)) {
      index += 1;
      continue;
    }
    out[length++] = byte;
  }
  return new TextDecoder('utf-8').decode(out.subarray(0, length)).replace(/^\uFEFF/, '');
}

function looksLikeCalendar(text: string): boolean {
  return /^\s*(\uFEFF)?BEGIN:VCALENDAR/i.test(text.slice(0, 2000));
}

/** The calendar as one component whose every VEVENT could be read, and how many could not. */
function readCalendar(text: string): { calendar: ICAL.Component; skipped: number } {
  try {
    return { calendar: new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, '')) as unknown[]), skipped: 0 };
  } catch {
    // One broken block breaks the whole parse: read block by block, keeping what can be read.
    const parts = blocks(text);
    const calendar = new ICAL.Component('vcalendar');
    if (parts.name) calendar.addPropertyWithValue('x-wr-calname', parts.name);
    let skipped = 0;
    for (const [list, isEvent] of [
      [parts.zones, false],
      [parts.events, true],
    ] as const) {
      for (const block of list) {
        try {
          const parsed = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${block}\r\nEND:VCALENDAR`) as unknown[]);
          for (const child of parsed.getAllSubcomponents()) calendar.addSubcomponent(child);
        } catch {
          if (isEvent) skipped += 1;
        }
      }
    }
    return { calendar, skipped };
  }
}

const text = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : value == null ? null : String(value);
};

/** Busy or free, as this event says (before the user's own choices). */
function isBusy(component: ICAL.Component, allDay: boolean, ownerEmail: string | undefined): boolean {
  const transp = text(component, 'transp')?.toUpperCase();
  const status = (text(component, 'x-microsoft-cdo-busystatus') ?? text(component, 'x-microsoft-cdo-intendedstatus'))?.toUpperCase();
  if (transp === 'TRANSPARENT' || status === 'FREE') return false;
  if (ownerEmail) {
    const owner = ownerEmail.toLowerCase();
    for (const attendee of component.getAllProperties('attendee')) {
      const address = String(attendee.getFirstValue() ?? '').replace(/^mailto:/i, '').toLowerCase();
      if (address === owner && String(attendee.getParameter('partstat') ?? '').toUpperCase() === 'DECLINED') return false;
    }
  }
  if (allDay) return transp === 'OPAQUE' || status === 'BUSY' || status === 'OOF';
  return true;
}

function toDate(time: ICAL.Time, zone: string): Date {
  // A date or a floating time is on the account's clock; a zoned or UTC time is an instant.
  if (time.isDate || time.zone === ICAL.Timezone.localTimezone) {
    return DateTime.fromObject({ year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute, second: time.isDate ? 0 : time.second }, { zone }).toJSDate();
  }
  return time.toJSDate();
}

/** Iterations of one event's recurrence before it is given up as too complex. */
const MAX_ITERATIONS_PER_EVENT = 20_000;

/**
 * Reads a feed into the occurrences that overlap [from, to). Throws FeedFormatError when the
 * text is not a calendar at all.
 */
export function parseFeed(source: string, options: ParseOptions): ParsedFeed {
  if (!looksLikeCalendar(source)) throw new FeedFormatError('The address gave something other than a calendar (no BEGIN:VCALENDAR): it may be a web page rather than the .ics address');
  const { calendar, skipped: unreadable } = readCalendar(source);
  let skipped = unreadable;
  const max = options.maxOccurrences ?? 5_000;
  const fromMs = options.from.getTime();
  const toMs = options.to.getTime();

  // A VTIMEZONE for every TZID the feed uses without defining it.
  const defined = new Set(calendar.getAllSubcomponents('vtimezone').map((zone) => String(zone.getFirstPropertyValue('tzid'))));
  const used = new Set<string>();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    for (const property of event.getAllProperties()) {
      const tzid = property.getParameter('tzid');
      if (typeof tzid === 'string') used.add(tzid);
    }
  }
  for (const tzid of used) {
    if (defined.has(tzid)) continue;
    const zone = vtimezoneFor(tzid);
    if (zone) calendar.addSubcomponent(zone);
  }

  // Masters and their overrides (RECURRENCE-ID), by UID.
  const byUid = new Map<string, { master: ICAL.Component | null; overrides: ICAL.Component[] }>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const uid = text(component, 'uid') ?? `no-uid-${byUid.size}`;
    const entry = byUid.get(uid) ?? { master: null, overrides: [] };
    if (component.hasProperty('recurrence-id')) entry.overrides.push(component);
    else entry.master = component;
    byUid.set(uid, entry);
  }

  const occurrences: Occurrence[] = [];
  const add = (uid: string, item: ICAL.Event, recurrenceId: ICAL.Time, start: ICAL.Time, end: ICAL.Time, recurring: boolean) => {
    if (text(item.component, 'status')?.toUpperCase() === 'CANCELLED') return;
    const allDay = start.isDate;
    const startDate = toDate(start, options.zone);
    let endDate = toDate(end, options.zone);
    if (endDate.getTime() <= startDate.getTime()) endDate = allDay ? DateTime.fromJSDate(startDate, { zone: options.zone }).plus({ days: 1 }).toJSDate() : startDate;
    if (endDate.getTime() <= fromMs && startDate.getTime() < fromMs) return;
    if (startDate.getTime() >= toMs) return;
    occurrences.push({
      uid,
      occurrence: toDate(recurrenceId, options.zone).toISOString(),
      start: startDate,
      end: endDate,
      allDay,
      title: item.summary?.trim() || null,
      busy: isBusy(item.component, allDay, options.ownerEmail),
      recurring,
    });
  };

  for (const [uid, { master, overrides }] of byUid) {
    try {
      if (!master) {
        // Overrides of a series the feed does not carry: each is an event of its own.
        for (const override of overrides) {
          const event = new ICAL.Event(override);
          add(uid, event, event.recurrenceId ?? event.startDate, event.startDate, event.endDate, true);
        }
        continue;
      }
      const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: false });
      if (!event.startDate) throw new Error('no DTSTART');
      if (!event.isRecurring()) {
        add(uid, event, event.startDate, event.startDate, event.endDate, false);
        continue;
      }
      // RFC 5545: DTSTART is the first instance. ical.js leaves it out when only RDATEs repeat
      // the event (no RRULE): add it, unless an EXDATE removes it.
      if (!master.hasProperty('rrule')) {
        const start = event.startDate;
        const excluded = master.getAllProperties('exdate').some((property) => property.getValues().some((value) => value instanceof ICAL.Time && value.compare(start) === 0));
        if (!excluded) {
          const details = event.getOccurrenceDetails(start);
          add(uid, details.item, details.recurrenceId, details.startDate, details.endDate, true);
        }
      }
      const iterator = event.iterator();
      const duration = event.endDate && event.startDate ? event.endDate.subtractDate(event.startDate) : null;
      const longest = duration ? duration.toSeconds() * 1000 : 0;
      for (let count = 0; count < MAX_ITERATIONS_PER_EVENT; count += 1) {
        const next = iterator.next();
        if (!next) break;
        const nextMs = toDate(next, options.zone).getTime();
        if (nextMs >= toMs + 7 * 86_400_000) break;
        // Overrides may move an occurrence: look at each near the window.
        if (nextMs + Math.max(longest, 0) + 7 * 86_400_000 < fromMs) continue;
        const details = event.getOccurrenceDetails(next);
        add(uid, details.item, details.recurrenceId, details.startDate, details.endDate, true);
        if (count === MAX_ITERATIONS_PER_EVENT - 1) skipped += 1;
      }
    } catch {
      skipped += 1;
    }
  }

  // One occurrence once (an RDATE may repeat DTSTART or an RRULE's date).
  const seen = new Set<string>();
  const unique = occurrences.filter((event) => {
    const key = `${event.uid}\n${event.occurrence}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  occurrences.length = 0;
  occurrences.push(...unique);
  occurrences.sort((a, b) => a.start.getTime() - b.start.getTime() || a.uid.localeCompare(b.uid));
  const truncated = occurrences.length > max;
  const name = text(calendar, 'x-wr-calname')?.trim() || null;
  return { name, occurrences: truncated ? occurrences.slice(0, max) : occurrences, skipped, truncated };
}
