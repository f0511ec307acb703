// The change-password form's checks (spec section 5), in the spec's order and words: matching
// first, then length. The server checks the current password.
import { MIN_PASSWORD_LENGTH } from '@/lib/constants';

export type PasswordProblem = { title: string; description: string };

export function checkNewPassword(newPassword: string, confirmation: string): PasswordProblem | null {
  if (newPassword !== confirmation) return { title: "Passwords don't match", description: 'Please make sure your new passwords match' };
  if (newPassword.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Password too short', description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  return null;
}
