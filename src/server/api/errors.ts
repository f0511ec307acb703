// One error vocabulary for both doors: TRPCError codes mapped to the statuses of api.md, zod
// issues flattened into `{ path: string[], message }`, and internal details never leaked.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z, ZodError, type core } from 'zod';

/**
 * The error body of every failed call, as a zod schema so that the OpenAPI document describes
 * exactly what the doors send. `path` is written with strings (zod's array indexes become "0"),
 * but clients should accept numbers too, as zod itself produces them.
 */
export const ZApiIssue = z
  .object({
    path: z.array(z.union([z.string(), z.number()])).describe('Where in the input: field names, and indexes into lists'),
    message: z.string().describe('What is wrong with that value'),
  })
  .describe('One invalid value of the input');

export const ZApiErrorBody = z
  .object({
    message: z.string().describe('A readable sentence for the person using the app'),
    code: z
      .string()
      .describe('The kind of failure: BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, NOT_FOUND, METHOD_NOT_SUPPORTED, CONFLICT, PAYLOAD_TOO_LARGE, TOO_MANY_REQUESTS, INTERNAL_SERVER_ERROR or SERVICE_UNAVAILABLE'),
    issues: z.array(ZApiIssue).optional().describe('Present on a 400 for invalid input: every invalid value'),
  })
  .meta({ id: 'Error', description: 'The body of every failed call' });

export type ApiIssue = { path: string[]; message: string };
export type ApiErrorBody = { message: string; code: string; issues?: ApiIssue[] };

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export function flattenIssues(issues: readonly core.$ZodIssue[]): ApiIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
}

/** A readable one-line message for a validation failure. */
export function validationMessage(issues: ApiIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid input';
  return first.path.length ? `Invalid input: ${first.path.join('.')}: ${first.message}` : `Invalid input: ${first.message}`;
}

export function appError(code: TRPC_ERROR_CODE_KEY, message: string, cause?: unknown): TRPCError {
  return new TRPCError({ code, message, cause });
}

/** The public body of an error, the same on the REST door and in tRPC's `data`. */
export function errorBody(error: TRPCError): ApiErrorBody {
  if (error.cause instanceof ZodError) {
    const issues = flattenIssues(error.cause.issues);
    return { message: validationMessage(issues), code: 'BAD_REQUEST', issues };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: INTERNAL_MESSAGE, code: error.code };
  return { message: error.message, code: error.code };
}

type PrismaLikeError = { code?: unknown; name?: unknown; meta?: { driverAdapterError?: { cause?: { code?: unknown } } } };

/** PostgreSQL's SQLSTATEs for text it cannot store (NUL bytes, invalid encodings). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);
/** PostgreSQL's datetime_field_overflow and invalid_datetime_format. */
const BAD_DATETIME = new Set(['22008', '22007']);
export const DATE_RANGE_MESSAGE = 'Dates must be between the years 1 and 9999';
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
