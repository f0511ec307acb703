// The failures each procedure can answer, in one place: the procedure ladder (src/server/api/trpc.ts)
// stamps every procedure with its access kind, ownership loaders add the 404 of what they load,
// and a procedure adds only what its own rules answer (a conflict, a rate limit, an integration
// that may be down). The OpenAPI document (src/server/api/openapi.ts) is built from this, so a
// status the doors answer cannot be missing from it.
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { TokenScope } from '@/server/auth/token-scopes';
import { RATE_LIMITS } from '@/server/services/rate-limit.service';

/** Who may call a procedure: the rung of the ladder it is built on. */
type Access = 'public' | 'signedIn' | 'verified' | 'browserSession' | 'verifiedBrowserSession';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

/** Why a procedure answers a status, beyond what its kind already answers. */
type ProcedureErrors = Partial<Record<ErrorStatus, string>>;

export type ApiMeta = OpenApiMeta<{
  /** Set by the ladder's rung, never by a procedure. */
  access?: Access;
  /**
   * What a personal access token needs to call it: every procedure a token can reach (the
   * signedIn and verified rungs) declares one; without it a token is refused (403), and a test
   * walking the router fails (src/server/api/token-scopes.test.ts).
   */
  scope?: TokenScope;
  /** Set by an ownership loader: the thing a path id names (404 when it is not the caller's). */
  owns?: string;
  /** The statuses this procedure's own rules answer, with why. */
  errors?: ProcedureErrors;
  /**
   * Path parameters with a fixed list of values the server knows: the document names each path
   * (e.g. `/stripe/create-checkout-session`) rather than a template that other paths overlap.
   */
  pathValues?: Record<string, readonly string[]>;
}>;

/** Statuses that carry `Retry-After` (seconds) when the server knows how long to wait. */
export const RETRY_AFTER_STATUSES: readonly ErrorStatus[] = [429, 503];

export const STATUS_TITLES: Record<ErrorStatus, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

/**
 * Every error status a procedure answers on the REST door, each with the reasons (one per line).
 * `mutation` is true for POST, PUT, PATCH and DELETE; `takesInput` when the call reads a body,
 * query or path parameters (a GET without any cannot be given a bad input).
 */
export function procedureErrors(meta: ApiMeta, mutation: boolean, takesInput: boolean): Map<ErrorStatus, string[]> {
  const errors = new Map<ErrorStatus, string[]>();
  const add = (status: ErrorStatus, reason: string) => errors.set(status, [...(errors.get(status) ?? []), reason]);
  const access = meta.access ?? 'public';

  // Every call with an input: the input guard and zod validation; every call: the body limit, the database.
  if (mutation || takesInput) add(400, 'Invalid input: a value fails validation (`issues` lists each one with its `path`), the body is not a JSON object, or a text holds a NUL character');
  if (access !== 'public') add(401, 'Not signed in: no valid session cookie or bearer token, or the session has ended');
  if (mutation) add(403, 'A cross-site request riding on the session cookie (a bearer token may call from anywhere)');
  if (access === 'verified' || access === 'verifiedBrowserSession') add(403, 'The e-mail address is not verified yet');
  if (access === 'browserSession' || access === 'verifiedBrowserSession') add(403, 'Called with a personal access token: this call needs the signed-in browser session (`reason: browser_session_required`)');
  if (meta.scope) add(403, `Called with a personal access token without the \`${meta.scope}\` scope (\`reason: scope_required\`)`);
  if (meta.owns) add(404, `${meta.owns} not found: none of yours has this id (another user's id answers the same)`);
  for (const [status, reason] of Object.entries(meta.errors ?? {})) add(Number(status) as ErrorStatus, reason);
  add(413, 'The request body is larger than 1 MB');
  add(500, 'Something unexpected failed on our side (reported; try again)');
  add(503, 'The database is briefly unavailable; Retry-After says when to try again');
  return new Map([...errors.entries()].sort(([a], [b]) => a - b));
}

// Reasons several procedures share, worded once.
const perWindow = (rule: { limit: number; windowMs: number }) => `${rule.limit} per ${rule.windowMs >= 3_600_000 ? `${rule.windowMs / 3_600_000} h` : `${rule.windowMs / 60_000} min`}`;
export const RATE_LIMITED_SIGNUP = `Too many sign-ups from this address (${perWindow(RATE_LIMITS.signupPerIp)})`;
export const RATE_LIMITED_SIGNIN = `Too many failed sign-ins: ${perWindow(RATE_LIMITS.signinPerAccount)} per account, ${perWindow(RATE_LIMITS.signinPerIp)} per address`;
export const RATE_LIMITED_PASSWORD = `Too many wrong passwords (${perWindow(RATE_LIMITS.signinPerAccount)})`;
export const RATE_LIMITED_MAIL = `Too many e-mails to this address (${perWindow(RATE_LIMITS.mailPerAddress)})`;
export const RATE_LIMITED_CONTACT = `Too many messages from this address (${perWindow(RATE_LIMITS.contactPerIp)})`;
export const RATE_LIMITED_PLANNING = `Too many AI calls (${perWindow(RATE_LIMITS.aiPlanPerUser)}, shared by session planning and task breakdown)`;
export const MAIL_DOWN = 'The mail server cannot send right now';
export const AI_DOWN = '`AI is unavailable right now`: the configured model failed';
export const BILLING_DOWN = '`Billing is not configured` on this server, or Stripe cannot be reached';
export const FEED_NEEDS_SECRET = 'The calendar feed needs AUTH_SECRET to be set on the server';
export const IDEMPOTENCY_CONFLICT = 'This Idempotency-Key was already used for a different request';
