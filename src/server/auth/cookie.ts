// The session cookie: next-auth's own JWT session cookie, issued here for the JSON sign-in and
// sign-up calls with next-auth's `encode` (same secret, same name, same format), so next-auth's
// routes (/api/auth/session), `getToken` and `getServerSession` read it as their own.
// Name: `__Secure-next-auth.session-token` when APP_URL is https, else `next-auth.session-token`
// (what next-auth picks for that URL). httpOnly, SameSite=Lax, Path=/, Secure on https.
import { randomBytes } from 'node:crypto';
import { decode, encode, type JWT } from 'next-auth/jwt';
import { env } from '@/server/env';
import { processSingleton } from '@/server/process-singleton';

/**
 * A session lasts at most 30 days from the sign-in, however much it is used: the token carries
 * the sign-in time (`st`), every request checks it (src/server/auth/session.ts), and a re-issued
 * cookie (on `me`, once a day) keeps it and expires with it. After 30 days, sign in again.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_REFRESH_AFTER_SECONDS = 24 * 60 * 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A new session id (`sid`): what a sign-out on one device ends (src/server/auth/session.ts). */
export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function usesSecureCookies(): boolean {
  return env().APP_URL.startsWith('https://');
}

export function sessionCookieName(): string {
  return `${usesSecureCookies() ? '__Secure-' : ''}next-auth.session-token`;
}

export function authSecret(): string {
  const secret = env().AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is not set: start the app with `npm start`, or set it (at least 32 characters)');
  return secret;
}

/**
 * What the session token carries: `sub` (user id), `sv` (the user's session version), `st` (the
 * sign-in time, seconds) and `sid` (this session's id). Tokens issued before `st`/`sid` existed
 * lack them: their `iat` stands in for `st`, and they end only with sign out everywhere.
 */
export type SessionClaims = { sub: string; sv: number; st?: number; sid?: string };

/** Seconds the session signed in at `signedInAt` has left (0 when it is over). */
export function sessionSecondsLeft(signedInAt: number): number {
  return Math.max(0, signedInAt + SESSION_MAX_AGE_SECONDS - nowSeconds());
}

export async function encodeSessionToken(claims: SessionClaims): Promise<string> {
  const st = claims.st ?? nowSeconds();
  const token = { sub: claims.sub, sv: claims.sv, st, sid: claims.sid ?? newSessionId() };
  return encode({ token, secret: authSecret(), maxAge: Math.max(1, sessionSecondsLeft(st)) });
}

/**
 * Decoded session tokens, so a signed-in client's every request does not derive the key (HKDF)
 * and decrypt the JWE again: token text → claims, bounded (least recently used goes first) and
 * kept only until the token's own expiry. Only the decoding is cached: the session-version
 * check against the database (src/server/auth/session.ts) still runs on every request, so
 * sign-out and password changes end sessions at once as before. Keyed by the secret too.
 */
type CachedClaims = { claims: SessionClaims & { iat?: number }; expiresAt: number; secret: string };
const DECODED_CACHE_MAX = 1000;
// One cache for the process (the door and the pages share it: process-singleton.ts).
const decodedCache = processSingleton('decodedSessionTokens', () => new Map<string, CachedClaims>());

export async function decodeSessionToken(token: string): Promise<(SessionClaims & { iat?: number }) | null> {
  const secret = authSecret();
  const cached = decodedCache.get(token);
  if (cached) {
    decodedCache.delete(token);
    if (cached.secret === secret && Date.now() < cached.expiresAt) {
      decodedCache.set(token, cached);
      return { ...cached.claims };
    }
  }
  let payload: JWT | null;
  try {
    payload = await decode({ token, secret });
  } catch {
    return null;
  }
  if (!payload || typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
  const claims = {
    sub: payload.sub,
    sv: payload.sv,
    st: typeof payload.st === 'number' ? payload.st : undefined,
    sid: typeof payload.sid === 'string' ? payload.sid : undefined,
    iat: typeof payload.iat === 'number' ? payload.iat : undefined,
  };
  // next-auth's decode accepts a token up to 15 s past `exp`; the cache keeps it no longer than `exp`.
  if (typeof payload.exp === 'number') {
    if (decodedCache.size >= DECODED_CACHE_MAX) decodedCache.delete(decodedCache.keys().next().value!);
    decodedCache.set(token, { claims, expiresAt: payload.exp * 1000, secret });
  }
  return { ...claims };
}

function attributes(maxAge: number): string {
  const parts = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`];
  parts.push(`Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}`);
  if (usesSecureCookies()) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Sets a session cookie for the user on the response: a new session (now, a new id), or the same
 * session re-issued (`keep`: its sign-in time and id), expiring when the session does.
 */
export async function issueSessionCookie(
  resHeaders: Headers,
  user: { id: string; sessionVersion: number },
  keep?: { signedInAt?: number; sessionId?: string },
): Promise<void> {
  const st = keep?.signedInAt ?? nowSeconds();
  const token = await encodeSessionToken({ sub: user.id, sv: user.sessionVersion, st, sid: keep?.sessionId });
  resHeaders.append('set-cookie', `${sessionCookieName()}=${token}; ${attributes(Math.max(1, sessionSecondsLeft(st)))}`);
}

/** Removes the session cookie in the browser. */
export function clearSessionCookie(resHeaders: Headers): void {
  resHeaders.append('set-cookie', `${sessionCookieName()}=; ${attributes(0)}`);
}

/** Reads a cookie from a Cookie header (including next-auth's chunked `.0`, `.1` form). */
export function readCookie(headers: Headers, name: string): string | undefined {
  const header = headers.get('cookie');
  if (!header) return undefined;
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const key = part.slice(0, index).trim();
    if (!jar.has(key)) jar.set(key, part.slice(index + 1).trim());
  }
  const whole = jar.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let index = 0; jar.has(`${name}.${index}`); index += 1) chunks.push(jar.get(`${name}.${index}`) ?? '');
  return chunks.length ? chunks.join('') : undefined;
}
