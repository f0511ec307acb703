// The display zone in the browser: the account's zone as the page's server sent it is shown from
// the first date on, and checked against the platform's zones only when a date first needs it,
// not when the shell renders (the page's first Intl.DateTimeFormat is the platform's costly set-up,
// which a page whose hydration shows no date need not pay there). A zone this platform does not
// know is still ignored, as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLocal, TIME_SIMPLE } from './local-format';
import { spyOnDateFormatters } from '@/test/date-formatters';
import { displayTimeZone, offerDisplayTimeZone, setDisplayTimeZone } from './time-zone';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the display zone', () => {
  it('takes the server’s zone without making a formatter, and checks it when the first date is shown', () => {
    const made = spyOnDateFormatters();
    offerDisplayTimeZone('Asia/Tokyo');
    expect(made).toEqual([]);
    // 00:30 UTC is 09:30 in Tokyo.
    expect(formatLocal('2026-11-27T00:30:00Z', { ...TIME_SIMPLE, hourCycle: 'h23' })).toBe('09:30');
    expect(made.length).toBeGreaterThan(0);
    expect(displayTimeZone()).toBe('Asia/Tokyo');
  });

  it('ignores an offered zone this platform does not know, keeping the one before', () => {
    setDisplayTimeZone('Europe/Paris');
    offerDisplayTimeZone('Mars/Olympus_Mons');
    expect(displayTimeZone()).toBe('Europe/Paris');
  });

  it('does not check again the zone it already shows (auth.me’s copy after hydration)', () => {
    offerDisplayTimeZone('America/Denver');
    expect(displayTimeZone()).toBe('America/Denver');
    const made = spyOnDateFormatters();
    setDisplayTimeZone('America/Denver');
    expect(made).toEqual([]);
    setDisplayTimeZone('Europe/Lisbon');
    expect(made).not.toEqual([]);
    expect(displayTimeZone()).toBe('Europe/Lisbon');
  });
});
