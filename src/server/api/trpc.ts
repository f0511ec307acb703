// The tRPC instance, its context and the procedure ladder:
// publicProcedure → protectedProcedure (cookie or bearer token) → verifiedProcedure (e-mail
// verified). Feature routers add ownership loaders and usage metering on top of these.
// Every mutation (on both doors: REST POST/PUT/PATCH/DELETE are mutations) refuses a cross-site
// Origin unless it is authenticated by a bearer token (CSRF defence beside SameSite=Lax).
import { initTRPC, TRPCError } from '@trpc/server';
import { isCrossSiteRequest } from '@/server/auth/origin';
import { getAuthSession, type AuthSession } from '@/server/auth/session';
import { requireScope } from '@/server/auth/token-scopes';
import { db, type Db } from '@/server/db';
import { reportError } from '@/server/error-report';
import { log } from '@/server/log';
import { MailUnavailableError } from '@/server/mail/transport';
import { appError, DATABASE_RETRY_AFTER_SECONDS, databaseUnavailableError, fromDatabaseError } from '@/server/errors';
import { errorBody } from './errors';
import { assertNoNulCharacter } from './input-guard';
import type { ApiMeta } from './responses';
import { processSingleton } from '@/server/process-singleton';
import type { AgentActor } from '@/server/services/agent-write.service';

export type Context = {
  db: Db;
  session: AuthSession | null;
  /** The request's headers (cookies, authorization, client address). */
  headers: Headers;
  /** Headers to add to the response (Set-Cookie), honoured by both doors. */
  resHeaders: Headers;
  /** The socket's peer address, when the door can see it (for clientIp and TRUSTED_PROXIES). */
  remoteAddress?: string;
  /**
   * The assistant making this call, set only by the MCP connector (src/server/mcp/handler.ts):
   * the services record its writes in the writes' own transactions (agent-write.service.ts).
   */
  agent?: AgentActor;
};

export async function createContext(opts: { headers: Headers; resHeaders?: Headers; database?: Db; remoteAddress?: string }): Promise<Context> {
  const database = opts.database ?? db;
  const resHeaders = opts.resHeaders ?? new Headers();
  let session: AuthSession | null;
  try {
    session = await getAuthSession(opts.headers, database);
  } catch (error) {
    // The session lookup is the first query of every request: while the database is down or
    // restarting, answer 503 (not 500, and never "signed out").
    throw databaseUnavailable(error, resHeaders) ?? error;
  }
  return { db: database, session, headers: opts.headers, resHeaders, remoteAddress: opts.remoteAddress };
}

const unavailableLog = processSingleton('unavailableLog', () => ({ last: 0 }));

/** The 503 for an error that means the database is unreachable or restarting (with Retry-After), else undefined. */
function databaseUnavailable(cause: unknown, resHeaders: Headers, path?: string): TRPCError | undefined {
  const error = databaseUnavailableError(cause);
  if (!error) return undefined;
  resHeaders.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  // One line per 5 s while it lasts, not one per request.
  if (Date.now() - unavailableLog.last > 5_000) {
    unavailableLog.last = Date.now();
    log.warn('database unavailable: answering 503', { path, error: cause instanceof Error ? cause.message.split('\n').filter(Boolean).at(-1) : String(cause) });
  }
  return error;
}

const t = initTRPC
  .context<Context>()
  .meta<ApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const body = errorBody(error);
      return { ...shape, message: body.message, data: { ...shape.data, stack: undefined, ...body } };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// Every procedure has ONE middleware in front of it (publicGate or signedInGate) rather than a
// ladder of five: tRPC copies the whole call state at every level (two object spreads and a
// closure per middleware), which was ~15 kB of garbage per request on the hot path (sampled heap
// profile). In order, the gate:
// 1. refuses cross-site mutations that would ride on the browser's cookie (src/server/auth/origin.ts);
// 2. refuses input PostgreSQL cannot store (a NUL character) with a 400 before any read or write;
// 3. checks the caller where the procedure asks for it: signed in (401), a browser session rather
//    than a personal access token (403, reason browser_session_required), a token holding the
//    procedure's declared scope (403, reason scope_required; a procedure declaring none refuses
//    every token), e-mail verified (403);
// 4. maps the outcome's errors (mapFailure).

type RawInputOpts = { ctx: Context; type: string; getRawInput: () => Promise<unknown> };

async function refuseUnsafeCall({ ctx, type, getRawInput }: RawInputOpts): Promise<void> {
  if (type === 'mutation' && ctx.session?.via !== 'token' && isCrossSiteRequest(ctx.headers)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
  }
  assertNoNulCharacter(await getRawInput());
}

/**
 * Database errors that describe the input become 4xx, an unreachable database or mail server
 * becomes 503; anything unexpected is reported once.
 */
function mapFailure<R extends { ok: false; error: TRPCError }>(result: R, ctx: Context, path: string, type: string): R {
  // Only an unexpected error becomes the database's 503: a deliberate error (e.g. the AI
  // provider's 503) keeps its own message even when its cause is a refused connection.
  const unavailable = result.error.code === 'INTERNAL_SERVER_ERROR' ? databaseUnavailable(result.error.cause, ctx.resHeaders, path) : undefined;
  if (unavailable) return { ...result, error: unavailable };
  const mapped = fromDatabaseError(result.error.cause);
  if (mapped) return { ...result, error: mapped };
  if (result.error.cause instanceof MailUnavailableError) {
    return { ...result, error: appError('SERVICE_UNAVAILABLE', result.error.cause.message, result.error.cause) };
  }
  if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    reportError('procedure failed', result.error.cause ?? result.error, { path, type });
  }
  return result;
}

const publicGate = t.middleware(async (opts) => {
  await refuseUnsafeCall(opts);
  const result = await opts.next();
  return result.ok ? result : mapFailure(result, opts.ctx, opts.path, opts.type);
});

const EMAIL_UNVERIFIED_MESSAGE = 'Please verify your email address to continue';
const BROWSER_SESSION_NEEDED = 'This action needs a signed-in browser session, not an API token';

/** The 403 for a personal access token calling what only the signed-in browser may. */
export const browserSessionRequired = () => appError('FORBIDDEN', BROWSER_SESSION_NEEDED, undefined, 'browser_session_required');

function signedInGate(needsVerifiedEmail: boolean, needsBrowserSession = false) {
  return t.middleware(async (opts) => {
    await refuseUnsafeCall(opts);
    const session = opts.ctx.session;
    if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    if (session.via !== 'cookie') {
      // A token reaches only what declares a scope it holds: undeclared is refused, not allowed.
      const scope = needsBrowserSession ? undefined : opts.meta?.scope;
      if (!scope) throw browserSessionRequired();
      requireScope(session.scopes ?? [], scope);
    }
    if (needsVerifiedEmail && !session.emailVerified) {
      throw appError('FORBIDDEN', EMAIL_UNVERIFIED_MESSAGE, undefined, 'email_unverified');
    }
    const result = await opts.next({ ctx: { session } });
    return result.ok ? result : mapFailure(result, opts.ctx, opts.path, opts.type);
  });
}

// Each rung names its access in the meta: the OpenAPI document derives the statuses a
// procedure answers from it (src/server/api/responses.ts). A procedure's own `.meta()` merges in.
export const publicProcedure = t.procedure.use(publicGate).meta({ access: 'public' });

export const protectedProcedure = t.procedure.use(signedInGate(false)).meta({ access: 'signedIn' });

export const verifiedProcedure = t.procedure.use(signedInGate(true)).meta({ access: 'verified' });

/**
 * The account's keys: e-mail, password, personal access tokens, deletion. A personal access
 * token is for data calls, so a leaked one cannot take the account over: 403 here.
 */
export const browserSessionProcedure = t.procedure.use(signedInGate(false, true)).meta({ access: 'browserSession' });

export const verifiedBrowserSessionProcedure = t.procedure.use(signedInGate(true, true)).meta({ access: 'verifiedBrowserSession' });
