// What a new password must be, beyond 8 characters: not blank, and not one of the passwords people
// use most. The list is @zxcvbn-ts/language-common's (49,233 passwords from breach corpora, the
// dictionary zxcvbn-ts scores with; pinned), offline; only its 17,950 entries of 8 characters or
// more can matter here. It is 204 kB gzip, so it is never in a page's first load: the server
// loads it before it checks a new password (the services call `loadCommonPasswords()` and then
// parse), and the sign-up and reset forms load it when someone starts typing a password, so the
// strength meter refuses exactly what the server refuses. Until it is loaded, the common-password
// check of the shared schema (ZNewPassword) passes and the server decides.
export const PASSWORD_BLANK = 'Password cannot be only spaces';
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose another.';

let common: ReadonlySet<string> | null = null;
let loading: Promise<void> | null = null;

/** Compared case-insensitively: "Password1" is as guessable as "password1". */
const normalise = (password: string) => password.toLowerCase();

export function isCommonPassword(password: string): boolean {
  return common?.has(normalise(password)) ?? false;
}

export function commonPasswordsLoaded(): boolean {
  return common !== null;
}

export function loadCommonPasswords(): Promise<void> {
  loading ??= import('@zxcvbn-ts/language-common/dist/passwords.json.mjs').then(({ default: list }) => {
    common = new Set(list.filter((password) => password.length >= 8).map(normalise));
  });
  return loading;
}

export function isBlankPassword(password: string): boolean {
  return password.length > 0 && password.trim() === '';
}
