// The frame of the public pages (landing, privacy, terms): the name, a short header, the footer
// with the legal links and a theme choice, and the cookie banner (which decides for itself where it may show).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Logo } from '../Logo';
import { ThemeSwitcher } from '../theme/ThemeSwitcher';
import { HeaderAuthActions } from './AuthActions';
import { CookieBanner } from './CookieBanner';
import { SkipLink } from '../SkipLink';

export function SiteLayout({ children, sectionLinks = false }: { children: ReactNode; sectionLinks?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-bg/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-bg/80 sm:px-6">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4">
          <Logo />
          <nav aria-label="Site" className="ml-6 hidden md:block">
            <ul className="flex items-center gap-1 text-sm font-medium">
              <li>
                <Link href={sectionLinks ? '#how-it-works' : '/#how-it-works'} className="rounded-control px-3 py-2 text-muted hover:bg-surfaceMuted hover:text-text">
                  How it works
                </Link>
              </li>
              <li>
                <Link href={sectionLinks ? '#pricing' : '/#pricing'} className="rounded-control px-3 py-2 text-muted hover:bg-surfaceMuted hover:text-text">
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
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border px-4 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 py-10 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-4">
          <p>Onething — one task at a time.</p>
          <ThemeSwitcher showLegend={false} legend="Theme" />
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link href="/privacy" className="hover:text-text hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/terms" className="hover:text-text hover:underline">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link href="/contact" className="hover:text-text hover:underline">
                Contact
              </Link>
            </li>
            <li>
              <Link href="/docs" className="hover:text-text hover:underline">
                API
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
