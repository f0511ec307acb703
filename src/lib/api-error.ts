// The browser's one error class for a failed API call, on either door: the tRPC client's calls
// (src/trpc/react.tsx turns each failure into one) and the typed REST helper's (./api-fetch). It
// is a TRPCClientError, so TanStack Query and tRPC's types treat it as their own, and it carries
// what a screen decides by: the HTTP status, the code, and the machine-readable `reason`
// (./error-reasons). Screens choose dialogs by the reason, never by the message's words.
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import type { UsageKind } from './constants';
import { isErrorReason, type ErrorReason } from './error-reasons';

type ApiIssue = { path: (string | number)[]; message: string };
/** What the server's error body says (`{ message, code, reason?, issues? }`), as tRPC's `data` carries it. */
export type ApiErrorData = { code: string; httpStatus: number; reason?: ErrorReason; issues?: ApiIssue[] };

/** JSON-RPC's "server error": the shape's number when the answer came from the REST door. */
const SERVER_ERROR = -32000;

export class ApiError extends TRPCClientError<AnyTRPCRouter> {
  /** The server's readable sentence for people (its body's `message`), or the raised text when it gave none. */
  readonly detail: string;

  constructor(message: string, options: { data?: ApiErrorData; detail?: string; cause?: Error } = {}) {
    super(message, {
      cause: options.cause,
      result: options.data ? { error: { code: SERVER_ERROR, message: options.detail ?? message, data: options.data } } : undefined,
    });
    // TRPCClientError resets the prototype to its own; a subclass sets it back.
    Object.setPrototypeOf(this, ApiError.prototype);
    this.name = 'ApiError';
    this.detail = options.detail ?? message;
  }

  /** The HTTP status, or 0 when no answer came (offline, the request was cut). */
  get status(): number {
    const status = (this.data as Partial<ApiErrorData> | undefined)?.httpStatus;
    return typeof status === 'number' ? status : 0;
  }

  get code(): string | undefined {
    const code = (this.data as Partial<ApiErrorData> | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  get reason(): ErrorReason | undefined {
    return reasonOf(this);
  }

  /** A tRPC client's failure as an ApiError (the same message: the server's sentence). */
  static fromTRPC(error: TRPCClientError<AnyTRPCRouter>): ApiError {
    if (error instanceof ApiError) return error;
    const data = error.data as Partial<ApiErrorData> | undefined;
    const answered = data && typeof data.httpStatus === 'number' && typeof data.code === 'string';
    const converted = new ApiError(error.message, {
      cause: error.cause ?? error,
      data: answered
        ? { code: data.code!, httpStatus: data.httpStatus!, ...(isErrorReason(data.reason) && { reason: data.reason }), ...(Array.isArray(data.issues) && { issues: data.issues }) }
        : undefined,
    });
    converted.meta = error.meta;
    return converted;
  }
}

/**
 * The machine-readable reason of any failed call: an ApiError, or anything shaped like tRPC's
 * client error (TanStack Query's `error`). Undefined for a failure no screen acts on.
 */
export function reasonOf(error: unknown): ErrorReason | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const reason = (error as { data?: { reason?: unknown } | null }).data?.reason;
  return isErrorReason(reason) ? reason : undefined;
}

/** The plan limit a failed call ran into, by its reason: which Limit Reached dialog to open. */
const LIMIT_OF: Partial<Record<ErrorReason, UsageKind>> = {
  task_limit: 'tasks',
  session_limit: 'sessions',
  ai_session_limit: 'aiSessions',
  ai_breakdown_limit: 'aiBreakdowns',
};
export function limitOf(error: unknown): UsageKind | null {
  const reason = reasonOf(error);
  return (reason && LIMIT_OF[reason]) ?? null;
}

/**
 * The tRPC client's first link: every failed call becomes an ApiError, with the status, code and
 * reason of the server's answer, as the REST helper's failures are.
 */
export function apiErrorLink<TRouter extends AnyTRPCRouter>(): TRPCLink<TRouter> {
  return () =>
    ({ next, op }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => observer.error(ApiError.fromTRPC(error)),
          complete: () => observer.complete(),
        }),
      );
}
