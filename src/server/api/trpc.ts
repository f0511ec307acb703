// The tRPC instance, its context and the procedure ladder:
// publicProcedure → protectedProcedure (cookie or bearer token) → verifiedProcedure (e-mail
// verified). Feature routers add ownership loaders and usage metering on top of these.
// Every mutation (on both doors: REST POST/PUT/PATCH/DELETE are mutations) refuses a cross-site
// Origin unless it is authenticated by a bearer token (CSRF defence beside SameSite=Lax).
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { isCrossSiteRequest } from '@/server/auth/origin';
import { getAuthSession, type AuthSession } from '@/server/auth/session';
import { db, type Db } from '@/server/db';
import { reportError } from '@/server/error-report';
import { MailUnavailableError } from '@/server/mail/transport';
import { appError, errorBody, fromDatabaseError } from './errors';

export type Context = {
  db: Db;
  session: AuthSession | null;
  /** The request's headers (cookies, authorization, client address). */
  headers: Headers;
  /** Headers to add to the response (Set-Cookie), honoured by both doors. */
  resHeaders: Headers;
};

export async function createContext(opts: { headers: Headers; resHeaders?: Headers; database?: Db }): Promise<Context> {
  const database = opts.database ?? db;
  return {
    db: database,
    session: await getAuthSession(opts.headers, database),
    headers: opts.headers,
    resHeaders: opts.resHeaders ?? new Headers(),
  };
}

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const body = errorBody(error);
      return { ...shape, message: body.message, data: { ...shape.data, stack: undefined, ...body } };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Database errors that describe the input become 4xx, an unreachable mail server becomes 503;
 * anything unexpected is logged once.
 */
const errorMapping = t.middleware(async ({ next, path, type }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = fromDatabaseError(result.error.cause);
    if (mapped) return { ...result, error: mapped };
    if (result.error.cause instanceof MailUnavailableError) {
      return { ...result, error: appError('SERVICE_UNAVAILABLE', result.error.cause.message, result.error.cause) };
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') {
      reportError('procedure failed', result.error.cause ?? result.error, { path, type });
    }
  }
  return result;
});

/** Refuses cross-site writes that would ride on the browser's cookie (see src/server/auth/origin.ts). */
const sameOriginWrites = t.middleware(({ ctx, type, next }) => {
  if (type === 'mutation' && ctx.session?.via !== 'token' && isCrossSiteRequest(ctx.headers)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
  }
  return next();
});

export const publicProcedure = t.procedure.use(errorMapping).use(sameOriginWrites);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const verifiedProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.session.emailVerified) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Please verify your email address to continue' });
  }
  return next({ ctx });
});
