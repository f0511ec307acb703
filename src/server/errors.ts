// The error vocabulary of the server: what services, adapters and entry points throw or answer
// when a call cannot be served. Each door (tRPC, REST, the webhook) turns these into its own
// wire format; that mapping lives with the door (src/server/api/errors.ts), above this module.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ERROR_REASONS, type ErrorReason } from '@/lib/error-reasons';

/** The kinds of failure, named as tRPC names them; each door maps a kind to an HTTP status. */
export type ErrorCode = TRPC_ERROR_CODE_KEY;

export type ApiIssue = { path: string[]; message: string };

// The stable, machine-readable reasons a client acts on live with the shared rules (src/lib), so
// that the browser decides by the same list: add a reason there before throwing it.
export { ERROR_REASONS, type ErrorReason };

/** The public body of every failed call, on every door. */
export type ApiErrorBody = { message: string; code: string; reason?: ErrorReason; issues?: ApiIssue[] };

/** What a caller is told about a failure on our side; details stay in the log. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** A failure with a machine-readable `reason` the client decides by (see ERROR_REASONS). */
class ReasonedError extends TRPCError {
  readonly reason: ErrorReason;
  constructor(opts: { code: ErrorCode; message: string; reason: ErrorReason; cause?: unknown }) {
    super({ code: opts.code, message: opts.message, cause: opts.cause });
    this.reason = opts.reason;
  }
}

export function appError(code: ErrorCode, message: string, cause?: unknown, reason?: ErrorReason): TRPCError {
  return reason ? new ReasonedError({ code, message, cause, reason }) : new TRPCError({ code, message, cause });
}

/** The reason carried by an error (or by the error it wraps), if any. */
export function reasonOf(error: unknown, depth = 0): ErrorReason | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  if (error instanceof ReasonedError) return error.reason;
  return reasonOf((error as { cause?: unknown }).cause, depth + 1);
}

type PrismaLikeError = { code?: unknown; name?: unknown; meta?: { driverAdapterError?: { cause?: { code?: unknown } } } };

/** PostgreSQL's SQLSTATEs for text it cannot store (NUL bytes, invalid encodings). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/** PostgreSQL's datetime_field_overflow, invalid_datetime_format and invalid_time_zone_displacement_value. */
const BAD_DATETIME = new Set(['22008', '22007', '22009']);
const DATE_RANGE_MESSAGE = 'Dates must be between the years 1 and 9999';
const UNSTORABLE_MESSAGE = 'A value contains characters that cannot be stored';

export const DATABASE_UNAVAILABLE_MESSAGE = 'Onething is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before retrying after DATABASE_UNAVAILABLE_MESSAGE (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Prisma's codes for "the database server cannot be reached / answered too late / closed the
 * connection", and for a database too busy right now: no connection from the pool in time
 * (P2024), a transaction that could not start or finish in time and was rolled back (P2028).
 */
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
/** Error kinds of Prisma's driver adapter (@prisma/adapter-pg) with the same meaning. */
const UNAVAILABLE_ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** Socket errors of node-postgres. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/**
 * PostgreSQL SQLSTATEs of a server that is not there right now: class 08 (connection exception),
 * 57P01-57P03 (terminated by a shutdown, crash shutdown, starting up or shutting down), 53300
 * (too many connections).
 */
const isUnavailableSqlState = (code: string) => /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code);
/**
 * node-postgres (pg, pg-pool) reports a lost connection without a code, e.g. when the server
 * went away in the middle of a transaction; these are its exact messages.
 */
const LOST_CONNECTION =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout)$/;

/**
 * True when `cause` (a Prisma error, a driver adapter error, a node-postgres error, or anything
 * wrapping one) means the database is unreachable or restarting, not that the request was wrong.
 */
export function isDatabaseUnavailable(cause: unknown, depth = 0): boolean {
  if (!cause || typeof cause !== 'object' || depth > 6) return false;
  const error = cause as { code?: unknown; kind?: unknown; message?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown };
  if (typeof error.code === 'string') {
    if (UNAVAILABLE_PRISMA_CODES.has(error.code) || UNAVAILABLE_SOCKET_CODES.has(error.code) || isUnavailableSqlState(error.code)) return true;
  }
  if (typeof error.kind === 'string' && UNAVAILABLE_ADAPTER_KINDS.has(error.kind)) return true;
  if (error.code === undefined && typeof error.message === 'string' && LOST_CONNECTION.test(error.message)) return true;
  return isDatabaseUnavailable(error.meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(error.cause, depth + 1);
}

/**
 * An unreachable or restarting database is a 503 with a clear message: the client may retry,
 * and the app keeps running and reconnects on its own (the pg pool drops dead connections).
 */
export function databaseUnavailableError(cause: unknown): TRPCError | undefined {
  return isDatabaseUnavailable(cause) ? appError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, cause) : undefined;
}

/** Maps database errors that describe the caller's input to the right status. */
export function fromDatabaseError(cause: unknown): TRPCError | undefined {
  const error = cause as PrismaLikeError | null;
  if (!error || typeof error !== 'object' || typeof error.code !== 'string') return undefined;
  switch (error.code) {
    // Each meaning once: PostgreSQL's SQLSTATE (node-postgres's own errors, on the pool's write
    // paths) beside Prisma's code for the same failure.
    case '23505':
    case 'P2002':
      return appError('CONFLICT', 'This already exists', cause);
    case '23503':
    case 'P2003':
      return appError('BAD_REQUEST', 'A referenced record does not exist', cause);
    case '22001':
    case 'P2000':
      return appError('BAD_REQUEST', 'A value is too long', cause);
    case '22021':
    case '22P05':
      return appError('BAD_REQUEST', UNSTORABLE_MESSAGE, cause);
    case '22008':
    case '22007':
    case '22009':
      return appError('BAD_REQUEST', DATE_RANGE_MESSAGE, cause);
    case 'P2025':
      return appError('NOT_FOUND', 'Not found', cause);
    case 'P2039': {
      // Prisma's "database error" wraps PostgreSQL's SQLSTATE.
      const code = String(error.meta?.driverAdapterError?.cause?.code);
      if (UNSTORABLE_TEXT.has(code)) return appError('BAD_REQUEST', UNSTORABLE_MESSAGE, cause);
      if (BAD_DATETIME.has(code)) return appError('BAD_REQUEST', DATE_RANGE_MESSAGE, cause);
      return undefined;
    }
    default:
      return undefined;
  }
}
