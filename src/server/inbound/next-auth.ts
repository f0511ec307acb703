// next-auth, the session authority: JWT sessions, a Credentials provider over the same
// credential check as POST /api/auth/signin (rate limits included), and the sign-in page at
// /signin. Its routes (/api/auth/session, /csrf, /providers, /callback/credentials) read and
// write the same cookie as the JSON calls; a session whose version no longer matches the
// user's (sign-out, password change, deletion) is refused and its cookie cleared.
import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { TRPCError } from '@trpc/server';
import { ZSigninInput } from '@/lib/schemas/user';
import { getDb } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { verifyCredentials } from '@/server/services/auth.service';
import { clientIp } from '@/server/auth/client-ip';
import { authSecret, newSessionId, SESSION_MAX_AGE_SECONDS, sessionSecondsLeft, usesSecureCookies } from '@/server/auth/cookie';

type RevocableUser = { id: string; sv: number };

export function authOptions(): AuthOptions {
  // next-auth derives its base URL (and its cookie names) from NEXTAUTH_URL: keep it on APP_URL.
  process.env.NEXTAUTH_URL ??= `${env().APP_URL}/api/auth`;
  return {
    secret: authSecret(),
    useSecureCookies: usesSecureCookies(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    jwt: { maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/signin' },
    providers: [
      CredentialsProvider({
        id: 'credentials',
        name: 'Email and password',
        credentials: {
          email: { label: 'Email', type: 'email' },
          password: { label: 'Password', type: 'password' },
        },
        async authorize(credentials, req) {
          const parsed = ZSigninInput.safeParse(credentials ?? {});
          if (!parsed.success) return null;
          const headers = new Headers();
          for (const [key, value] of Object.entries(req.headers ?? {})) {
            if (typeof value === 'string') headers.set(key, value);
          }
          try {
            const session = await verifyCredentials(getDb(), parsed.data, { ip: clientIp(headers), resHeaders: new Headers(), headers });
            return { id: session.id, sv: session.sessionVersion } satisfies RevocableUser;
          } catch (error) {
            if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') throw new Error(error.message);
            if (error instanceof TRPCError) return null;
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        // The same claims as the JSON sign-in's cookie (src/server/auth/cookie.ts): sign-in time and session id.
        if (user) return { sub: user.id, sv: (user as unknown as RevocableUser).sv, st: Math.floor(Date.now() / 1000), sid: newSessionId() };
        if (typeof token.sub !== 'string' || typeof token.sv !== 'number') throw new Error('session token without a version');
        const signedInAt = typeof token.st === 'number' ? token.st : token.iat;
        if (typeof signedInAt !== 'number' || sessionSecondsLeft(signedInAt) <= 0) throw new Error('session over');
        const db = getDb();
        const [row, ended] = await Promise.all([
          db.user.findUnique({ where: { id: token.sub }, select: { sessionVersion: true } }),
          typeof token.sid === 'string' ? db.endedSession.count({ where: { id: token.sid } }) : Promise.resolve(0),
        ]);
        if (!row || row.sessionVersion !== token.sv || ended > 0) throw new Error('session revoked');
        return token;
      },
      session({ session, token }) {
        return { expires: session.expires, user: { id: token.sub } } as typeof session;
      },
    },
    logger: {
      error(code, metadata) {
        // A revoked or expired session is routine, not an error.
        if (code === 'JWT_SESSION_ERROR') log.info('next-auth refused a session', { code });
        else log.error('next-auth error', { code, error: metadata instanceof Error ? metadata.message : undefined });
      },
      warn(code) {
        log.warn('next-auth warning', { code });
      },
      debug() {},
    },
  };
}
