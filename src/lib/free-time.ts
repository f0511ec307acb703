// The free stretch before the next busy calendar event, free of date libraries (the Today panel
// and Just start load it): "free until 18:00: 2 h 40 min", "you have 70 min before Standup".
import { formatMinutes } from '@/lib/minutes';

export type BusyBlock = { start: string | Date; end: string | Date; title: string | null };

/**
 * The free stretch from `now`: until the next busy block starts (or `dayEnd`), and what comes
 * then. Null while a busy block is going on.
 */
export function freeStretch(blocks: readonly BusyBlock[], now: Date, dayEnd: Date): { minutes: number; until: Date; next: BusyBlock | null } | null {
  const sorted = [...blocks].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
  if (sorted.some((block) => new Date(block.start) <= now && new Date(block.end) > now)) return null;
  const next = sorted.find((block) => new Date(block.start) > now && new Date(block.start) < dayEnd) ?? null;
  const until = next ? new Date(next.start) : dayEnd;
  return { minutes: Math.floor((until.getTime() - now.getTime()) / 60_000), until, next };
}

/** "free until 18:00: 2 h 40 min" (the Today panel), on the account's clock. */
export function freeUntilLabel(stretch: { minutes: number; until: Date | string }, zone?: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(zone && { timeZone: zone }) }).format(new Date(stretch.until));
  return `free until ${time}: ${formatMinutes(stretch.minutes)}`;
}

/** "you have 70 min before Standup" (the planner and Just start); null with nothing coming. */
export function beforeNextLabel(stretch: { minutes: number; next: BusyBlock | null }): string | null {
  if (!stretch.next) return null;
  return `you have ${stretch.minutes} min before ${stretch.next.title ?? 'your next event'}`;
}
