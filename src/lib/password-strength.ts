// Password strength for the sign-up meter. The product's rule has two readings; we use reading A
// (score 0-5, one point each for length of at least 8, an uppercase letter, a lowercase letter,
// a digit and a special character), whose six labels give finer feedback than reading B's four.
// A password the server refuses for being blank or common (src/lib/password-rules.ts) scores 0
// with its reason, so the meter never calls a refused password strong.
import { isBlankPassword, isCommonPassword, PASSWORD_BLANK, PASSWORD_TOO_COMMON } from './password-rules';

const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

export function passwordStrength(password: string): { score: number; label: StrengthLabel; refused?: string } {
  if (isBlankPassword(password)) return { score: 0, label: 'Very Weak', refused: PASSWORD_BLANK };
  if (isCommonPassword(password)) return { score: 0, label: 'Very Weak', refused: PASSWORD_TOO_COMMON };
  let score = 0;
  if (password.length >= 8) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[a-z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return { score, label: STRENGTH_LABELS[score] ?? 'Very Weak' };
}
