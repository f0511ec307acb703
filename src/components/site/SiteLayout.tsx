// The frame of the public pages (landing, privacy, terms): the name, a short header, the footer
// with the legal links and a theme choice, and the cookie banner (which decides for itself where it may show).
// Whether the visitor is signed in is read here on the server (the header shows Dashboard or Sign in).
import { headers } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Logo } from '../Logo';
import { HeaderAuthActions } from './AuthActions';
import { CookieBanner } from './CookieBanner';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from '../SkipLink';
import { SignedInSeed } from './SignedInSeed';
import { isSignedIn } from '@/server/inbound/page-session';

/** Signed in, as the request's session cookie says; undefined when that cannot be told (the browser asks then). */
async function signedInOnServer(): Promise<boolean | undefined> {
  try {
    return await isSignedIn(await headers());
  } catch {
    return undefined;
  }
}

export async function SiteLayout({ children, sectionLinks = false }: { children: ReactNode; sectionLinks?: boolean }) {
  const signedIn = await signedInOnServer();
  return (
    <SignedInSeed signedIn={signedIn}>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <header className="sticky top-0 z-40 border-b border-border bg-bg/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-bg/80 sm:px-6">
          <div className="mx-auto flex h-16 max-w-6xl items-center gap-4">
            <Logo />
            <nav aria-label="Site" className="ml-6 hidden md:block">
              <ul className="flex items-center gap-1 text-sm font-medium">
                <li>
                  <Link prefetch={false} href={sectionLinks ? '#how-it-works' : '/#how-it-works'} className="rounded-control px-3 py-2 text-muted hover:bg-surfaceMuted hover:text-text">
                    How it works
                  </Link>
                </li>
                <li>
                  <Link prefetch={false} href={sectionLinks ? '#pricing' : '/#pricing'} className="rounded-control px-3 py-2 text-muted hover:bg-surfaceMuted hover:text-text">
                    Pricing
                  </Link>
                </li>
              </ul>
            </nav>
            <div className="ml-auto">
              <HeaderAuthActions />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter />
        <CookieBanner />
      </div>
    </SignedInSeed>
  );
}
