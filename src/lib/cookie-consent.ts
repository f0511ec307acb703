// The cookie banner's rules: shown only on /, /privacy and /terms, and
// only while no choice is stored under cookie_consent.
import { STORAGE_KEYS } from './constants';

export type CookieConsent = 'accepted' | 'declined';

const COOKIE_BANNER_PATHS = ['/', '/privacy', '/terms'] as const;

function parseCookieConsent(value: string | null | undefined): CookieConsent | null {
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function shouldShowCookieBanner(pathname: string | null | undefined, stored: string | null | undefined): boolean {
  if (!pathname) return false;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (COOKIE_BANNER_PATHS as readonly string[]).includes(path) && parseCookieConsent(stored) === null;
}

export const COOKIE_CONSENT_KEY = STORAGE_KEYS.cookieConsent;
