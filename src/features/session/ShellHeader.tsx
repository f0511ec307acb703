// The app shell around the focus session (the same header as src/components/shell/AppShell.tsx:
// the app's name, Dashboard, Sessions, Calendar, Breakdown, Account with the current one marked,
// the keyboard shortcuts button and Sign out, a menu button under 768 px; a skip link; the main
// area), written into the HTML by src/pages/_document.tsx on the server and never hydrated: it
// costs the page's first load no JavaScript (src/pages/session.tsx says why that matters).
// The links are plain links (every way from this page to another is a full page load anyway:
// Next makes each navigation between its two routers one). The three buttons name their action
// in `data-shell`; ./ShellKeys hands a click to ./SessionLater, which opens the drawer, the list
// of shortcuts or signs out.
import type { ReactNode } from 'react';
import { LogoMark } from '@/components/LogoMark';
import { KeyboardIcon, MenuIcon } from '@/components/shell/icons';
import { MainNav } from '@/components/shell/MainNav';
import { SignOutButtonView } from '@/features/auth/SignOutButtonView';
import { currentNavItem } from '@/lib/app-nav';
import { SkipLink } from '@/components/SkipLink';

export type ShellAction = 'menu' | 'shortcuts' | 'signout';
const MENU: ShellAction = 'menu';
const SHORTCUTS: ShellAction = 'shortcuts';
const SIGN_OUT: ShellAction = 'signout';

export function ShellFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const current = currentNavItem(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <button
            type="button"
            data-shell={MENU}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={false}
            className="inline-flex size-10 items-center justify-center rounded-control text-text hover:bg-surfaceMuted md:hidden"
          >
            <MenuIcon />
          </button>
          <a href="/dashboard" className="mr-4 inline-flex items-center gap-2.5 rounded-control text-lg font-semibold tracking-tight">
            <LogoMark />
            <span>Onething</span>
          </a>
          <MainNav current={current} />
          <div className="ml-auto flex items-center gap-1">
            <button
              type="button"
              data-shell={SHORTCUTS}
              aria-label="Keyboard shortcuts (Ctrl+/)"
              title="Keyboard shortcuts (Ctrl+/)"
              className="inline-flex size-10 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text"
            >
              <KeyboardIcon />
            </button>
            <SignOutButtonView placement="header" pending={false} shellAction={SIGN_OUT} />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
