// The sessions page writes moments as luxon's formats did ("Sun, Nov 22, 2026 at 9:30 AM"), now
// with the platform's Intl alone (no luxon in /sessions' first load: src/lib/zoned.test.ts).
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { dayLabel, startTimeLabel } from './format';

it('a session’s start reads as luxon wrote it, in every zone and at every hour', () => {
  for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'America/Santiago']) {
    for (let ms = Date.UTC(2025, 0, 1, 0, 5); ms < Date.UTC(2027, 0, 1); ms += 5 * 3_600_000 + 17 * 60_000) {
      const iso = new Date(ms).toISOString();
      expect(startTimeLabel(iso, zone)).toBe(DateTime.fromISO(iso, { zone }).setLocale('en-US').toFormat("ccc, LLL d, yyyy 'at' h:mm a"));
    }
  }
});

it('a day reads as the platform writes it in en-US, with and without its weekday, and makes no formatter', () => {
  const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const withWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const Real = Intl.DateTimeFormat;
  let made = 0;
  Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    made++;
    return new Real(...args);
  } as unknown as typeof Intl.DateTimeFormat;
  try {
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 86_400_000) {
      const date = new Date(ms).toISOString().slice(0, 10);
      expect([date, dayLabel(date), dayLabel(date, true)]).toEqual([date, short.format(ms), withWeekday.format(ms)]);
    }
  } finally {
    Intl.DateTimeFormat = Real;
  }
  expect(made).toBe(0);
});
