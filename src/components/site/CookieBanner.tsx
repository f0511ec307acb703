'use client';
// The cookie banner: on /, /privacy and /terms only, while no choice is
// stored under cookie_consent; Accept or Decline stores 'accepted' or 'declined' and hides it
// (in every open tab). It renders nothing on the server, so a visitor who has chosen never sees
// it flash.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { keptChoice } from '@/lib/kept-choice';
import { COOKIE_CONSENT_KEY, shouldShowCookieBanner, type CookieConsent } from '@/lib/cookie-consent';
import { Button } from '../ButtonCore';

const ON_SERVER = '\u0000server';
const consent = keptChoice<string | null>(COOKIE_CONSENT_KEY, (stored) => stored);

function choose(choice: CookieConsent) {
  // Where storage refuses the answer, the banner still goes away for this page.
  hiddenForThisPage = true;
  consent.save(choice);
}

let hiddenForThisPage = false;

export function CookieBanner() {
  const pathname = usePathname();
  const stored = useSyncExternalStore(consent.subscribe, () => (hiddenForThisPage ? 'declined' : consent.read()), () => ON_SERVER);
  if (stored === ON_SERVER || !shouldShowCookieBanner(pathname, stored)) return null;
  return (
    <section aria-label="Cookie notice" className="fixed inset-x-0 bottom-0 z-[80] p-3 sm:p-4">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-lg sm:flex-row sm:items-center sm:gap-6 sm:p-5">
        <p className="flex-1 text-sm leading-relaxed">
          This site uses cookies to enhance your experience. By continuing to visit this site you agree to our use of cookies. Read our{' '}
          <Link prefetch={false} href="/privacy" className="font-medium text-accent underline underline-offset-2">
            Privacy Policy
          </Link>{' '}
          and{' '}
          <Link prefetch={false} href="/terms" className="font-medium text-accent underline underline-offset-2">
            Terms of Service
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-3">
          <Button variant="secondary" onClick={() => choose('declined')} className="flex-1 sm:flex-none">
            Decline
          </Button>
          <Button onClick={() => choose('accepted')} className="flex-1 sm:flex-none">
            Accept
          </Button>
        </div>
      </div>
    </section>
  );
}
