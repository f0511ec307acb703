// What a page or layout rendered on the server may know about its visitor, read here so that
// pages and components never touch the database or the session store themselves (the layers
// test, src/layers.test.ts): signed in or not, and the account's time zone.
import { getAuthSession, type AuthSession } from '@/server/auth/session';
import { db } from '@/server/db';

/** The request's signed-in session (its cookie or token), or null. */
export function pageSession(headers: Headers): Promise<AuthSession | null> {
  return getAuthSession(headers, db);
}

/** Signed in, as the request's session cookie says; undefined when that cannot be told now (the database is away). */
export async function isSignedIn(headers: Headers): Promise<boolean | undefined> {
  try {
    return (await pageSession(headers)) !== null;
  } catch {
    return undefined;
  }
}

/** The signed-in visitor and the account's time zone (null: the browser's own), or null when signed out. */
export async function pageAccount(headers: Headers): Promise<{ session: AuthSession; timeZone: string | null } | null> {
  const session = await pageSession(headers);
  if (!session) return null;
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { timeZone: true } });
  return { session, timeZone: user?.timeZone ?? null };
}
