// The toast for a new password the form refused: the product names each problem with a title
// ("Passwords don't match", "Password too short") over the message shown under the field.
import type { FieldErrors } from 'react-hook-form';
import { NEW_PASSWORD_PROBLEM_TITLES } from '@/lib/new-password';

export function newPasswordProblemToast(errors: FieldErrors<{ newPassword: string; confirmPassword: string }>): { title: string; description?: string } {
  const field = errors.confirmPassword ? 'confirmPassword' : 'newPassword';
  return { title: NEW_PASSWORD_PROBLEM_TITLES[field], description: errors[field]?.message };
}
