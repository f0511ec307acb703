// The Account page's forms: what they check before sending, in their words; the rest (a
// malformed address, a wrong password, an unknown zone) is the server's to say. Deleting the
// account checks with the API's own schema (./user.ts); the token form's choices map onto it.
import './zod-config';
import { z } from 'zod';
import { TOKEN_ACCESS_SCOPES, TOKEN_EXPIRY_CHOICES } from '@/lib/api-tokens';
import { emailChanges } from '@/lib/email-change';
import { ZCreateApiTokenInput, type TCreateApiTokenInput } from './user';


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


/** Create Token: a name, what it can do, when it expires; out comes the API's input. */
export const ZTokenForm = z
  .object({
    name: z.string(),
    access: z.enum(['read', 'read-write'], 'Choose what the token can do'),
    expiry: z.enum(['30', '90', '365', 'never'], 'Choose when the token expires'),
  })
  .transform(({ name, access, expiry }): TCreateApiTokenInput => ({
    name,
    scopes: [...TOKEN_ACCESS_SCOPES[access]],
    expiresInDays: TOKEN_EXPIRY_CHOICES.find((choice) => choice.value === expiry)!.days,
  }))
  .pipe(ZCreateApiTokenInput);
export type TTokenForm = z.input<typeof ZTokenForm>;
