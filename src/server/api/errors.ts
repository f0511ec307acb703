// The wire form of the error vocabulary (src/server/errors.ts) on both API doors: zod issues
// flattened into `{ path: string[], message }`, internal details never leaked, and the body's
// schema for the OpenAPI document (the statuses each procedure answers are in responses.ts).
import type { TRPCError } from '@trpc/server';
import { z, ZodError, type core } from 'zod';
import { ERROR_REASONS, INTERNAL_MESSAGE, reasonOf, type ApiErrorBody, type ApiIssue } from '@/server/errors';

/**
 * The error body of every failed call, as a zod schema so that the OpenAPI document describes
 * exactly what the doors send. `path` is written with strings (zod's array indexes become "0"),
 * but clients should accept numbers too, as zod itself produces them.
 */
const ZApiIssue = z
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
    reason: z
      .enum(ERROR_REASONS)
      .optional()
      .describe('Present where a client must act on the failure: a stable machine-readable reason to decide by (never by the message text)'),
    issues: z.array(ZApiIssue).optional().describe('Present on a 400 for invalid input: every invalid value'),
  })
  .meta({ id: 'Error', description: 'The body of every failed call' });

function flattenIssues(issues: readonly core.$ZodIssue[]): ApiIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
}

/** A readable one-line message for a validation failure. */
function validationMessage(issues: ApiIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid input';
  return first.path.length ? `Invalid input: ${first.path.join('.')}: ${first.message}` : `Invalid input: ${first.message}`;
}

/** The public body of an error, the same on the REST door and in tRPC's `data`. */
export function errorBody(error: TRPCError): ApiErrorBody {
  if (error.cause instanceof ZodError) {
    const issues = flattenIssues(error.cause.issues);
    return { message: validationMessage(issues), code: 'BAD_REQUEST', issues };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: INTERNAL_MESSAGE, code: error.code };
  const reason = reasonOf(error);
  return reason ? { message: error.message, code: error.code, reason } : { message: error.message, code: error.code };
}
