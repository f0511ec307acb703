// The errors of the MCP connector's authorization server, as OAuth names them (RFC 6749 section
// 5.2, RFC 7591 section 3.2.2, RFC 7009, RFC 8707): the endpoints answer them as
// `{ error, error_description }` JSON with the status here (src/server/mcp/oauth/http.ts).

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'slow_down';

const STATUS: Partial<Record<OAuthErrorCode, number>> = { invalid_client: 401, slow_down: 429 };

export class OAuthError extends Error {
  readonly status: number;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** Seconds to wait (429 only). */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'OAuthError';
    this.status = STATUS[error] ?? 400;
  }
}
