// The time picker as a person uses it: hours 0-23, minutes 0-59, keys that wrap like a clock.
import { describe, expect, it } from 'vitest';
import { formatTime, parseTime, parseTimePart, stepTimePart } from './time-picker';

describe('time picker', () => {
  it('steps with the arrows and wraps round like a clock', () => {
    expect(stepTimePart(23, 'ArrowUp', 'hour')).toBe(0);
    expect(stepTimePart(0, 'ArrowDown', 'hour')).toBe(23);
    expect(stepTimePart(59, 'ArrowUp', 'minute')).toBe(0);
    expect(stepTimePart(0, 'ArrowDown', 'minute')).toBe(59);
    expect(stepTimePart(10, 'ArrowUp', 'minute')).toBe(11);
  });

  it('jumps with PageUp/PageDown and goes to the ends with Home/End', () => {
    expect(stepTimePart(55, 'PageUp', 'minute')).toBe(5);
    expect(stepTimePart(3, 'PageDown', 'hour')).toBe(21);
    expect(stepTimePart(17, 'Home', 'hour')).toBe(0);
    expect(stepTimePart(17, 'End', 'hour')).toBe(23);
    expect(stepTimePart(17, 'End', 'minute')).toBe(59);
    expect(stepTimePart(17, 'Enter', 'minute')).toBeNull();
  });

  it('accepts typed values only inside 0-23 and 0-59', () => {
    expect(parseTimePart('7', 'hour')).toBe(7);
    expect(parseTimePart('23', 'hour')).toBe(23);
    expect(parseTimePart('24', 'hour')).toBeNull();
    expect(parseTimePart('59', 'minute')).toBe(59);
    expect(parseTimePart('60', 'minute')).toBeNull();
    expect(parseTimePart('-1', 'minute')).toBeNull();
    expect(parseTimePart('1a', 'minute')).toBeNull();
  });

  it('reads and writes HH:MM', () => {
    expect(parseTime('9:05')).toEqual({ hour: 9, minute: 5 });
    expect(parseTime('24:00')).toBeNull();
    expect(formatTime({ hour: 9, minute: 5 })).toBe('09:05');
  });
});
