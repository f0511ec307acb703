// Whether the Profile form changes the sign-in address: the form's words and its schema
// (./schemas/account-forms.ts) both ask, and the form loads without zod.

/** A new sign-in address is asked for when the typed one differs from the account's (case aside). */
export function emailChanges(typed: string, signedInWith: string): boolean {
  return typed.trim().toLowerCase() !== signedInWith;
}
