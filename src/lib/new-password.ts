// A new password and its confirmation, checked in a fixed order, with the product's words:
// matching first, then length. The reset and change-password forms' schemas use this, and their
// toasts take the titles from here (no zod: the pages import it with their first load).
import { MIN_PASSWORD_LENGTH } from './constants';

export type PasswordProblem = { title: string; description: string };

/** Each problem's title, by the field its message is shown under. */
export const NEW_PASSWORD_PROBLEM_TITLES = { confirmPassword: "Passwords don't match", newPassword: 'Password too short' } as const;

export function checkNewPassword(newPassword: string, confirmation: string): PasswordProblem | null {
  if (newPassword !== confirmation) return { title: NEW_PASSWORD_PROBLEM_TITLES.confirmPassword, description: 'Please make sure your new passwords match' };
  if (newPassword.length < MIN_PASSWORD_LENGTH) {
    return { title: NEW_PASSWORD_PROBLEM_TITLES.newPassword, description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` };
  }
  return null;
}
