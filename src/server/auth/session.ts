// Resolves who is calling from the request headers: the next-auth session cookie or an
// `Authorization: Bearer` personal access token. Owned by the accounts issue.
import type { Db } from '@/server/db';

export type AuthSession = {
  userId: string;
  emailVerified: boolean;
  /** How the caller proved who they are. */
  via: 'cookie' | 'token';
};

export async function getAuthSession(_headers: Headers, _db: Db): Promise<AuthSession | null> {
  return null;
}
