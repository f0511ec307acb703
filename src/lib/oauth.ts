// The MCP connector's OAuth 2.1 rules that the browser shows as well as the server keeps: what each
// scope lets a connected app do (in the consent screen's and Connected apps' words), the
// lifetimes, and which redirect URIs a registering app may use. One wording and one rule for
// both (src/server/services/oauth/, src/features/oauth/, src/features/account/).
import type { TokenScope } from '@/lib/schemas/user';

/** What a connected app may do with each scope, in plain words (it acts through the MCP tools only). */
export const OAUTH_SCOPE_WORDS: Record<TokenScope, { title: string; detail: string }> = {
  read: {
    title: 'See your tasks and focus',
    detail: 'Your tasks, your day, what to start next and your focus stats.',
  },
  write: {
    title: 'Add and change tasks, and start focus sessions',
    detail: 'Create, edit and complete tasks, start focus sessions, and plan or break down tasks with AI (these count toward your monthly limits).',
  },
};

/** Seconds an authorization code may wait for its exchange (OAuth 2.1: short, single use). */
export const OAUTH_CODE_SECONDS = 5 * 60;
/** Seconds an access token works (then the app refreshes it). */
export const OAUTH_ACCESS_TOKEN_SECONDS = 60 * 60;
/** Days a refresh token lasts unused; each refresh gives a new one (rotation). */
export const OAUTH_REFRESH_TOKEN_DAYS = 90;

/** At most this many redirect URIs per registration, each at most this long. */
export const OAUTH_MAX_REDIRECT_URIS = 10;
const OAUTH_MAX_REDIRECT_URI_LENGTH = 2000;
export const OAUTH_CLIENT_NAME_MAX = 100;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `host` (a URL's hostname) is this device: a loopback redirect goes to an app on the person's own computer. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/** Schemes a redirect URI can never use: they run code or show content instead of handing the code to an app. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'ftp:', 'ws:', 'wss:']);

/**
 * Why a redirect URI cannot be registered, or null when it can. OAuth 2.1 and RFC 8252: https; http
 * only to a loopback address (an app on this device); any other valid scheme is a native app's
 * private-use one (RFC 8252 suggests reverse domain names, `com.example.app:/callback`; assistants
 * such as Cursor and VS Code use plain words, `cursor://`, `vscode://`), except the schemes that
 * run or show content. No fragment, no user name or password.
 */
export function redirectUriProblem(raw: string): string | null {
  if (raw.length > OAUTH_MAX_REDIRECT_URI_LENGTH) return `A redirect URI is at most ${OAUTH_MAX_REDIRECT_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'A redirect URI must be an absolute URI';
  }
  if (/[\s\u0000-\u001f\u007f\\]/.test(raw)) return 'A redirect URI cannot contain spaces, control characters or backslashes';
  if (url.hash || raw.includes('#')) return 'A redirect URI cannot have a fragment (#)';
  if (url.username || url.password) return 'A redirect URI cannot carry a user name or password';
  const scheme = url.protocol;
  if (FORBIDDEN_SCHEMES.has(scheme)) return `The ${scheme} scheme cannot be a redirect URI`;
  if (scheme === 'https:') return url.hostname ? null : 'An https redirect URI needs a host';
  if (scheme === 'http:') return isLoopbackHost(url.hostname) ? null : 'A plain http redirect URI must point at this device (localhost, 127.0.0.1 or [::1]); use https otherwise';
  // A private-use scheme (RFC 8252 section 7.1): a native app's own.
  if (!/^[a-z][a-z0-9+.-]*:$/.test(scheme)) return 'A redirect URI has an invalid scheme';
  return null;
}

/** The host the person goes back to, as the consent screen names it (a native app's scheme when there is no host). */
export function redirectHostOf(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.host;
  return url.host ? `${url.protocol}//${url.host}` : url.protocol;
}
