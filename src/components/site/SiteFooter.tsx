// The public pages' footer: the legal links and a theme choice (also under the sign-in and
// sign-up forms, src/features/auth/AuthLayout.tsx). Apart from ./SiteLayout, which reads the
// session on the server and cannot be part of a client component's imports.
import Link from 'next/link';
import { ThemeSwitcher } from '../theme/ThemeSwitcher';

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
              <Link prefetch={false} href="/privacy" className="hover:text-text hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link prefetch={false} href="/terms" className="hover:text-text hover:underline">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link prefetch={false} href="/contact" className="hover:text-text hover:underline">
                Contact
              </Link>
            </li>
            <li>
              <Link prefetch={false} href="/docs" className="hover:text-text hover:underline">
                API
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
