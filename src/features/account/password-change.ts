// The change-password form's checks, in the product's order and words: matching
// first, then length. The server checks the current password. The rule is shared with the
// password forms' schemas: src/lib/new-password.ts.
export { checkNewPassword } from '@/lib/new-password';
