import { describe, expect, it } from 'vitest';
import { parseQuickCapture } from './quick-capture';

// Wednesday 25 November 2026, 15:00 in New York.
const now = new Date('2026-11-25T20:00:00.000Z');

describe('quick capture', () => {
  it('reads the whole example in the person zone', () => {
    expect(parseQuickCapture('Call Sam tomorrow 5pm !high ~30m every Monday #blue', 'America/New_York', now)).toEqual({
      title: 'Call Sam',
      dueDate: '2026-11-26T22:00:00.000Z',
      importance: 'High',
      estimatedMinutes: 30,
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      color: '#3B82F6',
      problem: null,
    });
  });

  it('names a date outside the years 1 to 9999 as the problem instead of answering it', () => {
    for (const words of ['x in 8000 years', 'x in 12000 years']) {
      expect(parseQuickCapture(words, 'UTC', now), words).toMatchObject({ dueDate: null, problem: 'Dates must be between the years 1 and 9999' });
    }
    expect(parseQuickCapture('x in 7000 years', 'UTC', now)).toMatchObject({ dueDate: expect.stringMatching(/^9026-/), problem: null });
  });

  it('puts the same words at another instant for someone in another zone', () => {
    expect(parseQuickCapture('Call Sam tomorrow 5pm', 'Europe/London', now).dueDate).toBe('2026-11-26T17:00:00.000Z');
  });

  it('knows estimates, importance, colours and repeat words', () => {
    expect(parseQuickCapture('Write report ~1h30m !critical #red', 'UTC', now)).toMatchObject({ title: 'Write report', estimatedMinutes: 90, importance: 'Critical', color: '#EF4444', dueDate: null });
    expect(parseQuickCapture('Stand-up every weekday at 9:30am', 'UTC', now)).toMatchObject({ title: 'Stand-up', recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', dueDate: expect.stringContaining('T09:30:00') });
    expect(parseQuickCapture('Water the plants daily', 'UTC', now)).toMatchObject({ title: 'Water the plants', recurrence: 'FREQ=DAILY' });
    expect(parseQuickCapture('Review every 2 weeks', 'UTC', now)).toMatchObject({ title: 'Review', recurrence: 'FREQ=WEEKLY;INTERVAL=2' });
    expect(parseQuickCapture('Gym every Monday and Thursday', 'UTC', now)).toMatchObject({ title: 'Gym', recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH', dueDate: '2026-11-26T09:00:00.000Z' });
    expect(parseQuickCapture('Pay rent next friday', 'UTC', now)).toMatchObject({ title: 'Pay rent', dueDate: '2026-12-04T09:00:00.000Z' });
  });

  it('leaves unknown tokens in the title and finds no title in tokens alone', () => {
    expect(parseQuickCapture('Fix bug #42 ~soon', 'UTC', now).title).toBe('Fix bug #42 ~soon');
    expect(parseQuickCapture('tomorrow 5pm !high ~30m', 'UTC', now).title).toBe('');
  });
});
