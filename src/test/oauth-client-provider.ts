// An MCP client's OAuth side as a real assistant keeps it, in memory: the SDK's
// OAuthClientProvider (@modelcontextprotocol/sdk/client/auth.js) for a native app with a loopback
// redirect URI. The SDK does discovery, registration, PKCE, the token exchange and refreshing; this
// only stores what it is given and hands the authorization URL to `open` (a test's "browser").
// Used by the Vitest integration test and the browser test (e2e/mcp-oauth.spec.ts).
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export class MemoryOAuthClientProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  /** The authorization URL of the latest redirect, for a test to open. */
  authorizationUrl?: URL;

  constructor(
    readonly redirectUrl: string,
    readonly clientName = 'Test Assistant',
    readonly stateValue = `state-${Math.random().toString(36).slice(2)}`,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.stateValue;
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.client = client;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
  }
}
