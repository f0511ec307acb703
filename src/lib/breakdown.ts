// The breakdown page's rules that are not the server's: what importance an AI-suggested subtask
// gets when added, the difficulty badge's tone, and the estimate in words. (Which failure means
// "limit reached" is read from the error's reason: ./api-error.)
import type { Importance } from './constants';

/** The tones of a badge that says how hard a step is (components/Badge has a variant for each). */
export type DifficultyTone = 'success' | 'warning' | 'danger';

/** Hard gives High, Medium gives Medium, anything else (Easy, unknown) gives Low. */
export function importanceForDifficulty(difficulty: string | null | undefined): Importance {
  if (difficulty === 'Hard') return 'High';
  if (difficulty === 'Medium') return 'Medium';
  return 'Low';
}

/** The badge carries the word; the colour only repeats it (never colour alone). */
export function difficultyBadgeVariant(difficulty: string): DifficultyTone {
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
