// One error vocabulary for both doors: TRPCError codes mapped to the statuses of api.md, zod
// issues flattened into `{ path: string[], message }`, and internal details never leaked.
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError, type core } from 'zod';

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

/** Maps database errors that describe the caller's input to the right status. */
export function fromDatabaseError(cause: unknown): TRPCError | undefined {
  const error = cause as PrismaLikeError | null;
  if (!error || typeof error !== 'object' || typeof error.code !== 'string') return undefined;
  switch (error.code) {
    case 'P2025':
      return appError('NOT_FOUND', 'Not found', cause);
    case 'P2002':
      return appError('CONFLICT', 'This already exists', cause);
    case 'P2003':
      return appError('BAD_REQUEST', 'A referenced record does not exist', cause);
    case 'P2000':
      return appError('BAD_REQUEST', 'A value is too long', cause);
    case 'P2039':
      if (UNSTORABLE_TEXT.has(String(error.meta?.driverAdapterError?.cause?.code))) {
        return appError('BAD_REQUEST', 'A value contains characters that cannot be stored', cause);
      }
      return undefined;
    default:
      return undefined;
  }
}
