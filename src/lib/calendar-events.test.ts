// The subscribed events in the views: days, week-grid blocks, time labels, freshness and the free
// stretch before the next busy block.
import { describe, expect, it } from 'vitest';
import { dayBlocks, eventTimeLabel, eventsByDay, lastUpdatedLabel, type CalendarEventItem } from './calendar-events';
import { beforeNextLabel, freeStretch, freeUntilLabel } from './free-time';

const event = (start: string, end: string, extra: Partial<CalendarEventItem> = {}): CalendarEventItem => ({ calendarId: 'c', uid: start, occurrence: start, start, end, allDay: false, title: 'Standup', busy: true, recurring: false, ...extra });

describe('eventsByDay and dayBlocks', () => {
  it('put a multi-day and an overnight event on each of their days, clipped per column', () => {
    const conference = event('2026-12-01T00:00:00.000Z', '2026-12-04T00:00:00.000Z', { allDay: true, title: 'Conference' });
    const flight = event('2026-11-24T22:00:00.000Z', '2026-11-25T01:30:00.000Z', { title: 'Late flight' });
    const days = eventsByDay([conference, flight], 'UTC');
    expect([...days.keys()].sort()).toEqual(['2026-11-24', '2026-11-25', '2026-12-01', '2026-12-02', '2026-12-03']);
    expect(dayBlocks(days.get('2026-11-24')!, '2026-11-24', 'UTC')).toEqual([{ event: flight, top: 22 * 60, minutes: 120 }]);
    expect(dayBlocks(days.get('2026-11-25')!, '2026-11-25', 'UTC')).toEqual([{ event: flight, top: 0, minutes: 90 }]);
    expect(dayBlocks(days.get('2026-12-02')!, '2026-12-02', 'UTC')).toEqual([]); // all-day: in the header
  });
});

describe('labels', () => {
  it('read times, durations and freshness as the app shows them', () => {
    expect(eventTimeLabel(event('2026-11-24T09:30:00.000Z', '2026-11-24T09:45:00.000Z'), 'Europe/London')).toBe('09:30 – 09:45');
    expect(eventTimeLabel(event('2026-12-01T00:00:00.000Z', '2026-12-04T00:00:00.000Z', { allDay: true }), 'UTC')).toBe('All day (Dec 1 – 3)');
    expect(eventTimeLabel(event('2026-11-26T00:00:00.000Z', '2026-11-27T00:00:00.000Z', { allDay: true }), 'UTC')).toBe('All day');
    const now = new Date('2026-11-24T10:00:00Z');
    expect(lastUpdatedLabel('2026-11-24T09:56:00Z', now)).toBe('Last updated 4 min ago');
    expect(lastUpdatedLabel('2026-11-24T09:59:40Z', now)).toBe('Last updated just now');
    expect(lastUpdatedLabel('2026-11-24T07:00:00Z', now)).toBe('Last updated 3 h ago');
    expect(lastUpdatedLabel(null, now)).toBe('Not updated yet');
  });

  it('find the free stretch before the next busy block', () => {
    const now = new Date('2026-11-24T15:20:00Z');
    const dayEnd = new Date('2026-11-24T18:00:00Z');
    const blocks = [{ start: '2026-11-24T09:30:00Z', end: '2026-11-24T09:45:00Z', title: 'Standup' }];
    const free = freeStretch(blocks, now, dayEnd)!;
    expect(freeUntilLabel(free, 'UTC')).toBe('free until 18:00: 2 h 40 min');
    const before = freeStretch([{ start: '2026-11-25T09:30:00Z', end: '2026-11-25T09:45:00Z', title: 'Standup' }], new Date('2026-11-25T08:20:00Z'), new Date('2026-11-25T18:00:00Z'))!;
    expect(beforeNextLabel(before)).toBe('you have 70 min before Standup');
    expect(freeStretch([{ start: '2026-11-24T15:00:00Z', end: '2026-11-24T16:00:00Z', title: null }], now, dayEnd)).toBeNull();
  });
});
