// The time picker's rules, free of React: hours 0-23 and minutes 0-59, stepped
// with the keyboard (wrapping round, as a clock does) or typed.

export type TimePart = 'hour' | 'minute';
export interface TimeValue {
  hour: number;
  minute: number;
}

export const TIME_PART_MAX: Record<TimePart, number> = { hour: 23, minute: 59 };
/** PageUp/PageDown jump: a quarter of the day for hours, ten minutes for minutes. */
const TIME_PART_PAGE: Record<TimePart, number> = { hour: 6, minute: 10 };

function wrapTimePart(value: number, part: TimePart): number {
  const size = TIME_PART_MAX[part] + 1;
  return ((Math.trunc(value) % size) + size) % size;
}

export function formatTimePart(value: number): string {
  return String(value).padStart(2, '0');
}

export function formatTime(value: TimeValue): string {
  return `${formatTimePart(value.hour)}:${formatTimePart(value.minute)}`;
}

/**
 * Typed text to a value: digits only, in range, else null (the field then keeps its last good
 * value). Typing '7' in hours is 7; '24' is refused rather than silently wrapped.
 */
export function parseTimePart(text: string, part: TimePart): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= TIME_PART_MAX[part] ? value : null;
}

/** '09:30' or '9:30' to a time, else null. */
export function parseTime(text: string): TimeValue | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = parseTimePart(match[1] ?? '', 'hour');
  const minute = parseTimePart(match[2] ?? '', 'minute');
  return hour === null || minute === null ? null : { hour, minute };
}

/**
 * The new value for a key in a spin button (WAI-ARIA spinbutton pattern): up/down by one,
 * PageUp/PageDown by TIME_PART_PAGE, Home/End to 0 and the maximum. null for other keys.
 */
export function stepTimePart(value: number, key: string, part: TimePart): number | null {
  switch (key) {
    case 'ArrowUp':
      return wrapTimePart(value + 1, part);
    case 'ArrowDown':
      return wrapTimePart(value - 1, part);
    case 'PageUp':
      return wrapTimePart(value + TIME_PART_PAGE[part], part);
    case 'PageDown':
      return wrapTimePart(value - TIME_PART_PAGE[part], part);
    case 'Home':
      return 0;
    case 'End':
      return TIME_PART_MAX[part];
    default:
      return null;
  }
}
