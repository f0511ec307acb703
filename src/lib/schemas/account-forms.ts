// The Account page's profile form: what it checks before sending, in its words; the rest (a
// malformed address, a wrong password, an unknown zone) is the server's to say. Deleting the
// account and naming a token check with the API's own schemas (./user.ts).
import './zod-config';
import { z } from 'zod';

/** A new sign-in address is asked for when the typed one differs from the account's (case aside). */
export function emailChanges(typed: string, signedInWith: string): boolean {
  return typed.trim().toLowerCase() !== signedInWith;
}

const CURRENT_PASSWORD_FOR_EMAIL = 'Please enter your current password to change your email address';

/**
 * Save Profile stays disabled while the name or the address is blank, so those need no message;
 * a new address needs the current password. `signedInWith` gives the account's address now (it
 * can change while the page is open).
 */
export function profileFormSchema(signedInWith: () => string) {
  return z
    .object({ name: z.string(), email: z.string(), currentPassword: z.string(), timeZone: z.string() })
    .superRefine((form, ctx) => {
      if (emailChanges(form.email, signedInWith()) && !form.currentPassword) {
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_FOR_EMAIL });
      }
    });
}
export type TProfileForm = z.input<ReturnType<typeof profileFormSchema>>;
