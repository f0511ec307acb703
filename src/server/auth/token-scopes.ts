// What a personal access token may do. Every entry point that accepts a token asks the same
// question here: the tRPC procedure ladder (src/server/api/trpc.ts, from each procedure's
// declared `scope`), and any later one (the MCP connector, per tool) with `requireScope`.
import { TOKEN_SCOPES, type TokenScope } from '@/lib/schemas/user';
import { appError } from '@/server/errors';

export { TOKEN_SCOPES, type TokenScope };

/** The scopes a stored token holds, from its row (unknown values are dropped, never widened). */
export function parseScopes(stored: readonly string[]): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => stored.includes(scope));
}

function hasScope(granted: readonly TokenScope[], required: TokenScope): boolean {
  return granted.includes(required);
}

/** Message of the 403 for a call outside the token's scopes. */
function scopeRequiredMessage(required: TokenScope): string {
  return `This API token cannot do this: it needs the "${required}" scope`;
}

/**
 * Refuses (403, reason `scope_required`) a call that needs `required` when the token holds only
 * `granted`. `granted` undefined means the caller is not a token (a browser session may do all).
 */
export function requireScope(granted: readonly TokenScope[] | undefined, required: TokenScope): void {
  if (granted === undefined || hasScope(granted, required)) return;
  throw appError('FORBIDDEN', scopeRequiredMessage(required), undefined, 'scope_required');
}
