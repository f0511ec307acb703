// What a personal access token can do and how long it lives, in words: one wording for the API
// document (src/server/api/openapi.ts) and the Account page's token list.
import type { TokenScope } from '@/lib/schemas/user';

/** What each scope allows, as the API document says it. */
export const SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  read: 'read tasks, sessions, your day, calendars and stats',
  write: 'create, change, complete and delete tasks and sessions, parse, fresh start and focus',
};

/** The token form's access choices and the scopes each gives. */
export const TOKEN_ACCESS_SCOPES = { read: ['read'], 'read-write': ['read', 'write'] } as const satisfies Record<string, readonly TokenScope[]>;
/** The token form's expiry choices: days, or never (90 days is the API's default too). */
export const TOKEN_EXPIRY_CHOICES = [
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
  { value: 'never', label: 'Never', days: null },
] as const;

/** One line saying what a token with these scopes can do. */
export function tokenAccessWords(scopes: readonly TokenScope[]): string {
  const read = scopes.includes('read');
  const write = scopes.includes('write');
  if (read && write) return 'Can read and change your tasks and sessions';
  if (read) return 'Can only read your tasks, sessions and stats';
  if (write) return 'Can only add and change tasks and sessions, not read them';
  return 'Can do nothing';
}

export type TokenExpiry = { expired: boolean; words: string };

/** "Expires 27 Feb 2027", "Expired 3 Jan 2027" or "Never expires"; `format` writes the date. */
export function tokenExpiry(expiresAt: string | null, now: Date, format: (iso: string) => string): TokenExpiry {
  if (!expiresAt) return { expired: false, words: 'Never expires' };
  const expired = new Date(expiresAt).getTime() <= now.getTime();
  return { expired, words: `${expired ? 'Expired' : 'Expires'} ${format(expiresAt)}` };
}
