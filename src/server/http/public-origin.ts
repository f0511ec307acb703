// The app's public origin as the caller reached it (behind a proxy, its forwarded host and
// scheme): the MCP connector's resource URL, the OAuth issuer and the metadata URLs are all made
// from it, so a client that dialled http://localhost:3000 gets identifiers it can match.
// Tokens are bound to the resource URL made here (RFC 8707), so a token issued through one
// origin is refused at another.

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `https://host[:port]` of the request: X-Forwarded-Host/-Proto first, then Host, then the URL. */
export function publicOrigin(headers: Headers, url?: string): string {
  const parsed = url ? new URL(url) : undefined;
  const named = [headers.get('x-forwarded-host')?.split(',')[0]?.trim(), headers.get('host'), parsed?.host];
  // A host name and port only: anything else in a header (a path, a user name) is not an origin.
  const host = named.find((value): value is string => !!value && HOST.test(value)) ?? 'localhost';
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || parsed?.protocol.replace(':', '') || 'http';
  return `${proto === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/** The MCP connector's URL at this origin: the resource every OAuth token is bound to. */
export function mcpResourceUrl(origin: string): string {
  return `${origin}/api/mcp`;
}
