// The sign-in, sign-up and password forms' schemas (react-hook-form validates with them). They
// check what the product's forms check, in its words, and leave the rest to the server, whose answer
// the form then shows: a malformed address at sign-in reads 'Invalid email or password', a short
// password at sign-up the server's 'Password must be at least 8 characters'. The API's own
// schemas are in ./user.ts; this file stays small because the forms load it on their own.
import './zod-config';
import { z } from 'zod';
import { checkNewPassword, NEW_PASSWORD_PROBLEM_TITLES } from '@/lib/new-password';

/** A text field that must not be blank (spaces alone count as blank); the value is trimmed. */
const filledIn = (message: string) => z.string().trim().min(1, message);

export const ZSignInForm = z.object({
  email: filledIn('Please enter your email address'),
  // Typed as is: spaces can be part of a password.
  password: z.string().min(1, 'Please enter your password'),
});
export type TSignInForm = z.input<typeof ZSignInForm>;

export const ZSignUpForm = z.object({
  name: filledIn('Please enter your name'),
  email: filledIn('Please enter your email address'),
  password: z.string().min(1, 'Please choose a password'),
});
export type TSignUpForm = z.input<typeof ZSignUpForm>;

/** Forgot password: Send stays disabled while the address is blank, so this never shows a message. */
export const ZForgotPasswordForm = z.object({ email: filledIn('Please enter your email address') });
export type TForgotPasswordForm = z.input<typeof ZForgotPasswordForm>;

const newPasswordFields = { newPassword: z.string(), confirmPassword: z.string() };

function refineNewPassword(input: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  const problem = checkNewPassword(input.newPassword, input.confirmPassword);
  if (!problem) return;
  const path = problem.title === NEW_PASSWORD_PROBLEM_TITLES.confirmPassword ? 'confirmPassword' : 'newPassword';
  ctx.addIssue({ code: 'custom', path: [path], message: problem.description });
}

/** The reset form behind the e-mailed link: a new password, twice. */
export const ZNewPasswordForm = z.object(newPasswordFields).superRefine(refineNewPassword);
export type TNewPasswordForm = z.input<typeof ZNewPasswordForm>;

/**
 * Change password while signed in: the new password is checked first (as the product orders it),
 * then the current one must be there; the server checks that it is right.
 */
export const ZChangePasswordForm = z
  .object({ currentPassword: z.string(), ...newPasswordFields })
  .superRefine((input, ctx) => {
    refineNewPassword(input, ctx);
    if (!checkNewPassword(input.newPassword, input.confirmPassword) && !input.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Please check your current password and try again' });
    }
  });
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;
