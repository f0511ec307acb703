import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrencesBetween, parseRecurrence, walk } from './recurrence';
import { describeRule, fromRule, NO_REPEAT, toRule } from './recurrence-picker';

const now = new Date('2026-10-20T12:00:00.000Z');

describe('recurrence rules', () => {
  it('accepts RRULE bodies in their normal form and refuses invalid or impossible ones', () => {
    expect(parseRecurrence('rrule:freq=weekly;byday=mo,we', now)).toMatchObject({ ok: true, rule: 'FREQ=WEEKLY;BYDAY=MO,WE' });
    expect(parseRecurrence('FREQ=DAILY;INTERVAL=2;COUNT=5', now)).toMatchObject({ ok: true, rule: 'FREQ=DAILY;INTERVAL=2;COUNT=5' });
    for (const bad of ['', 'garbage', 'FREQ=FOO', 'BYDAY=MO', 'FREQ=WEEKLY;BYDAY=XX', 'FREQ=HOURLY', 'FREQ=DAILY;DTSTART=20260101T000000Z', 'FREQ=WEEKLY;INTERVAL=0', 'FREQ=DAILY;COUNT=0', 'FREQ=DAILY\nX']) {
      expect(parseRecurrence(bad, now).ok, bad).toBe(false);
    }
    // 30 February never comes; an end in the past leaves nothing to repeat.
    expect(parseRecurrence('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', now)).toMatchObject({ ok: false, message: expect.stringContaining('never') });
    expect(parseRecurrence('FREQ=DAILY;UNTIL=20200101T000000Z', now).ok).toBe(false);
  });

  it("steps to the next occurrence on the person's clock, across a DST change", () => {
    // Monday 26 October 17:00 EDT is 21:00 UTC; the Monday after (2 November) 17:00 EST is 22:00 UTC.
    const next = nextOccurrence('FREQ=WEEKLY;BYDAY=MO', new Date('2026-10-26T21:00:00.000Z'), 'America/New_York', now);
    expect(next).toEqual({ dueDate: new Date('2026-11-02T22:00:00.000Z'), recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
  });

  it('skips past occurrences of an overdue task and counts down COUNT', () => {
    const overdue = nextOccurrence('FREQ=DAILY;COUNT=10', new Date('2026-10-15T09:00:00.000Z'), 'UTC', now);
    // 15 Oct was #1; 16..20 Oct (09:00, before now) are used up; 21 Oct is #7: 4 left with it.
    expect(overdue).toEqual({ dueDate: new Date('2026-10-21T09:00:00.000Z'), recurrence: 'FREQ=DAILY;COUNT=4' });
    expect(nextOccurrence('FREQ=DAILY;COUNT=1', new Date('2026-10-21T09:00:00.000Z'), 'UTC', now)).toBeNull();
    expect(nextOccurrence('FREQ=DAILY;COUNT=2', new Date('2026-10-21T09:00:00.000Z'), 'UTC', now)).toEqual({
      dueDate: new Date('2026-10-22T09:00:00.000Z'),
      recurrence: 'FREQ=DAILY;COUNT=1',
    });
    expect(nextOccurrence('FREQ=DAILY;UNTIL=20261021T235959Z', new Date('2026-10-21T09:00:00.000Z'), 'UTC', now)).toBeNull();
  });

  it('lists future occurrences for the calendar without storing them', () => {
    const dates = occurrencesBetween('FREQ=WEEKLY;BYDAY=MO,WE', new Date('2026-10-26T21:00:00.000Z'), 'America/New_York', new Date('2026-10-27T00:00:00Z'), new Date('2026-11-05T00:00:00Z'));
    expect(dates.map((date) => date.toISOString())).toEqual(['2026-10-28T21:00:00.000Z', '2026-11-02T22:00:00.000Z', '2026-11-04T22:00:00.000Z']);
  });

  it('describes rules in words', () => {
    expect(describeRule('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR')).toBe('Every weekday');
    expect(describeRule('FREQ=WEEKLY;BYDAY=MO')).toBe('Every week on Monday');
    expect(describeRule('FREQ=DAILY;INTERVAL=2;COUNT=5')).toBe('Every 2 days, 5 times');
    expect(describeRule(null)).toBe('Does not repeat');
  });

  it("turns the picker's choices into rules the server accepts, and back", () => {
    const cases = [
      { ...NO_REPEAT, kind: 'daily' as const },
      { ...NO_REPEAT, kind: 'weekdays' as const },
      { ...NO_REPEAT, kind: 'weekly' as const, interval: 2, days: ['FR' as const, 'MO' as const] },
      { ...NO_REPEAT, kind: 'monthly' as const, end: 'count' as const, count: 6 },
      { ...NO_REPEAT, kind: 'yearly' as const, end: 'until' as const, until: '2030-12-31' },
    ];
    const rules = cases.map(toRule);
    expect(rules).toEqual(['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', 'FREQ=MONTHLY;COUNT=6', 'FREQ=YEARLY;UNTIL=20301231T235959Z']);
    for (const rule of rules) expect(parseRecurrence(rule!, now).ok, rule!).toBe(true);
    expect(toRule(fromRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR'))).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR');
    expect(toRule(fromRule('FREQ=YEARLY;UNTIL=20301231T235959Z'))).toBe('FREQ=YEARLY;UNTIL=20301231T235959Z');
    expect(toRule(NO_REPEAT)).toBeNull();
  });

  it('refuses parts out of range or dates no month has before rrule walks them (they stalled the server ~11 s)', () => {
    const refused: [string, RegExp][] = [
      ['FREQ=DAILY;BYMONTH=13', /BYMONTH takes 1 to 12/],
      ['FREQ=DAILY;BYMONTH=0', /BYMONTH takes 1 to 12/],
      ['FREQ=MONTHLY;BYMONTHDAY=32', /BYMONTHDAY takes/],
      ['FREQ=MONTHLY;BYMONTHDAY=0', /BYMONTHDAY takes/],
      ['FREQ=YEARLY;BYYEARDAY=367', /BYYEARDAY takes/],
      ['FREQ=YEARLY;BYWEEKNO=54', /BYWEEKNO takes/],
      ['FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0', /BYSETPOS takes/],
      ['FREQ=DAILY;BYHOUR=24', /BYHOUR takes 0 to 23/],
      ['FREQ=DAILY;BYMINUTE=60', /BYMINUTE takes 0 to 59/],
      ['FREQ=MONTHLY;BYDAY=+54MO', /BYDAY takes a position/],
      ['FREQ=YEARLY;BYEASTER=0', /BYEASTER/],
      ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', /never happens/],
      ['FREQ=DAILY;BYMONTH=2,4,6,9,11;BYMONTHDAY=31,-31', /never happens/],
    ];
    for (const [rule, message] of refused) {
      const parsed = parseRecurrence(rule, now);
      expect(parsed.ok, rule).toBe(false);
      expect(parsed.ok ? '' : parsed.message, rule).toMatch(message);
    }
    // Possible, if rare: 29 February, 31 January among other months, the fifth Monday.
    for (const rule of ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'FREQ=MONTHLY;BYMONTH=1,2;BYMONTHDAY=31', 'FREQ=MONTHLY;BYDAY=+5MO', 'FREQ=MONTHLY;BYMONTHDAY=-1']) {
      expect(parseRecurrence(rule, now).ok, rule).toBe(true);
    }
  });

  it('walks a rule that never matches for at most the steps of ten years, never on to the year 9999', () => {
    // Day 200 of a year is in July, so never in January: nothing the static checks see, but no date ever matches.
    // Unbounded, rrule walks 2.9 million days before giving up; the walk stops after the ~3,650 days of the horizon.
    const never = 'FREQ=DAILY;BYMONTH=1;BYYEARDAY=200';
    expect(parseRecurrence(never, now)).toMatchObject({ ok: false, message: expect.stringContaining('never') });
    const tenYears = new Date('2036-10-20T12:00:00.000Z');
    let visited = 0;
    const steps = walk({ freq: 3, bymonth: [1], byyearday: [200] }, now, tenYears, () => {
      visited += 1;
      return true;
    });
    expect(visited).toBe(0);
    expect(steps).toBeGreaterThan(3000);
    expect(steps).toBeLessThanOrEqual(3654 + 3);
    // However long the span, a walk stops after 20,000 steps.
    expect(walk({ freq: 3, bymonth: [1], byyearday: [200] }, now, new Date('2226-01-01T00:00:00.000Z'), () => true)).toBeLessThanOrEqual(20_001);
    // Every seventh day from a Tuesday is never a Monday: a weekly step count stops that one too.
    expect(parseRecurrence('FREQ=DAILY;INTERVAL=7;BYDAY=MO', now).ok).toBe(false);
    // A rule whose first date is near the end of the horizon is still found (29 February 2028).
    expect(nextOccurrence('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', new Date('2026-10-20T09:00:00.000Z'), 'UTC', now)?.dueDate.toISOString()).toBe('2028-02-29T09:00:00.000Z');
    // The calendar's window of a rule that stops matching is walked only as far as the window.
    expect(occurrencesBetween('FREQ=DAILY;INTERVAL=7;BYDAY=TU', now, 'UTC', now, new Date('2026-11-20T00:00:00Z'))).toHaveLength(4);
  });
});
