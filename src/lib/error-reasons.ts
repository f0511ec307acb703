// The stable, machine-readable reasons a failed call carries where a client must act on it
// (docs/api-contract.md, "Errors"): the server tags its errors with them (src/server/errors.ts),
// the OpenAPI `Error` schema lists them, and the browser chooses what to show by them, never by
// the message's words. Add a reason here before throwing it.
export const ERROR_REASONS = [
  /** The plan's monthly task limit (403). */
  'task_limit',
  /** The plan's monthly session limit (403). */
  'session_limit',
  /** The plan's monthly AI session limit (403). */
  'ai_session_limit',
  /** The plan's monthly AI breakdown limit (403). */
  'ai_breakdown_limit',
  /** Any 429: too many attempts or calls, or inside a cooldown; `Retry-After` says how long. */
  'rate_limited',
  /** The call needs a verified e-mail address (403). */
  'email_unverified',
  /** The call needs a signed-in browser session, not a personal access token (403). */
  'browser_session_required',
  /** The personal access token's scope does not allow the call (403). */
  'scope_required',
  /** The account's current password, asked as proof for a sensitive change, is wrong (400). */
  'password_incorrect',
  /** A sensitive change was asked without the account's current password (400). */
  'password_required',
  /** The plan's limit of calendar subscriptions (403). */
  'calendar_limit',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && (ERROR_REASONS as readonly string[]).includes(value);
}
