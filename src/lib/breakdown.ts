// The breakdown page's rules that are not the server's: what importance an AI-suggested subtask
// gets when added, which errors mean "limit reached", the
// difficulty badge's look, and the estimate in words.
import type { BadgeVariant } from '@/components/Badge';
import type { Importance } from './constants';

/** Hard gives High, Medium gives Medium, anything else (Easy, unknown) gives Low. */
export function importanceForDifficulty(difficulty: string | null | undefined): Importance {
  if (difficulty === 'Hard') return 'High';
  if (difficulty === 'Medium') return 'Medium';
  return 'Low';
}

/** An error whose message contains 'breakdown limit', 'AI breakdown' or 'limit' opens the limit modal. */
export function isBreakdownLimitError(message: string | null | undefined): boolean {
  if (!message) return false;
  const text = message.toLowerCase();
  return text.includes('breakdown limit') || text.includes('ai breakdown') || text.includes('limit');
}

/** The badge carries the word; the colour only repeats it (never colour alone). */
export function difficultyBadgeVariant(difficulty: string): BadgeVariant {
  if (difficulty === 'Hard') return 'danger';
  if (difficulty === 'Medium') return 'warning';
  return 'success';
}

/**
 * The AI's estimate as people read it. Models answer numbers (minutes) or words ("30 minutes",
 * "1-2 hours"); numbers become '25 min' / '1 h 30 min', words are shown as given.
 */
export function formatEstimate(estimate: string | number | null | undefined): string | null {
  if (estimate === null || estimate === undefined) return null;
  const minutes = typeof estimate === 'number' ? estimate : /^\s*\d+\s*$/.test(estimate) ? Number(estimate) : null;
  if (minutes === null) return String(estimate).trim() || null;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
