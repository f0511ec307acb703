// formatLocal replaces luxon's toLocaleString on the session screen and the dashboard: it must
// print exactly what luxon printed, or the screens would change.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatLocal, TIME_SIMPLE } from './local-format';

const OPTIONS: Intl.DateTimeFormatOptions[] = [
  TIME_SIMPLE,
  { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  { month: 'short', day: 'numeric' },
  { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
];
const MOMENTS = ['2026-11-22T23:30:00.000Z', '2026-03-29T00:59:59.000Z', '2027-01-01T12:00:00.000Z', '2026-06-15T07:05:00+02:00'];

describe('formatLocal', () => {
  it.each(OPTIONS.map((options) => [JSON.stringify(options), options] as const))('prints what luxon prints for %s', (_, options) => {
    for (const iso of MOMENTS) {
      expect(formatLocal(iso, options)).toBe(DateTime.fromISO(iso).toLocaleString(options));
      expect(formatLocal(Date.parse(iso), options)).toBe(DateTime.fromMillis(Date.parse(iso)).toLocaleString(options));
    }
  });

  it('prints the clock as luxon’s TIME_SIMPLE did', () => {
    const now = Date.parse('2026-11-22T09:05:00.000Z');
    expect(formatLocal(now, TIME_SIMPLE)).toBe(DateTime.fromMillis(now).toLocaleString(DateTime.TIME_SIMPLE));
  });

  it('says so for a value that is not a date instead of throwing', () => {
    expect(formatLocal('not a date', TIME_SIMPLE)).toBe(DateTime.fromISO('not a date').toLocaleString(TIME_SIMPLE));
  });

  it('formats in the zone it is given (the account’s, while rendering on the server) over the display zone', () => {
    const due = Date.parse('2026-12-01T08:00:00.000Z');
    const options = { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' } as const;
    expect(formatLocal(due, options, 'Asia/Tokyo')).toBe(DateTime.fromMillis(due, { zone: 'Asia/Tokyo' }).toLocaleString(options));
    expect(formatLocal(due, options, 'Asia/Tokyo')).not.toBe(formatLocal(due, options, 'America/New_York'));
  });

  it('keeps zones and options apart when it reuses its formatters', () => {
    const due = Date.parse('2026-12-01T08:00:00.000Z');
    const inZone = (zone: string, options: Intl.DateTimeFormatOptions) => DateTime.fromMillis(due, { zone }).toLocaleString(options);
    const short = { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' } as const;
    const long = { ...short, month: 'short', day: 'numeric' } as const;
    for (let round = 0; round < 2; round++) {
      expect(formatLocal(due, short, 'Asia/Tokyo')).toBe(inZone('Asia/Tokyo', short));
      expect(formatLocal(due, short, 'America/New_York')).toBe(inZone('America/New_York', short));
      expect(formatLocal(due, long, 'Asia/Tokyo')).toBe(inZone('Asia/Tokyo', long));
      expect(formatLocal(due + 86_400_000, long, 'Asia/Tokyo')).toBe(DateTime.fromMillis(due + 86_400_000, { zone: 'Asia/Tokyo' }).toLocaleString(long));
    }
  });
});
