'use client';
// The app shell of the focus session page (src/pages/session.tsx, on the Pages Router for its
// first-load budget): the same header as src/components/shell/AppShell.tsx (the app's name,
// Dashboard, Sessions, Calendar, Breakdown, Account with the current one marked, the keyboard
// shortcuts button and Sign out; a drawer under 768 px), the same keyboard shortcuts, and the
// same main area, but light enough for that budget:
// - plain links: every way from this page to another is a full page load anyway (Next makes
//   every navigation between its two routers one), so next/link and the router stay out;
// - the drawer, the shortcuts list (Headless UI), the toasts, the error reporter, the theme
//   keeper and the sign-out-elsewhere listener load after the page (./SessionLater), in idle time.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyUntilOpen, whenIdle } from '@/components/lazy';
import { LogoMark } from '@/components/LogoMark';
import type { NavDrawerProps } from '@/components/shell/NavDrawer';
import { KeyboardIcon, MenuIcon } from '@/components/shell/icons';
import { openShortcutsHelp, useShortcutKeys } from '@/components/shortcut-keys';
import { SignOutButtonView } from '@/features/auth/SignOutButtonView';
import { APP_NAV, currentNavItem } from '@/lib/app-nav';
import { MOBILE_BREAKPOINT_PX, STORAGE_KEYS } from '@/lib/constants';

/** The page's after-load code (./SessionLater): one module, one request. */
export const later = () => import('./SessionLater');
const NavDrawer = lazyUntilOpen<NavDrawerProps>(() => later().then((module) => module.NavDrawer));
const ShortcutsDialog = lazyUntilOpen<{ open: boolean; onClose: () => void }>(() => later().then((module) => module.ShortcutsDialog));
const SessionExtras = lazyUntilOpen<{ open: boolean }>(() => later().then((module) => module.SessionExtras));

// ---------------------------------------------------------------- the after-load extras

let extrasWanted = false;
const extrasListeners = new Set<() => void>();
/** Mounts ./SessionExtras now (toasts are about to be shown) instead of in idle time. */
export function wantExtras() {
  if (extrasWanted) return;
  extrasWanted = true;
  for (const listener of extrasListeners) listener();
}
const subscribeExtras = (listener: () => void) => {
  extrasListeners.add(listener);
  return () => extrasListeners.delete(listener);
};

function hasHandedOffToast(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.pendingToast) !== null;
  } catch {
    return false;
  }
}

/** Full page loads to the other pages (the App Router's). */
export const goTo = (href: string) => window.location.assign(href);

function useRestSignOut() {
  const [pending, setPending] = useState(false);
  return {
    pending,
    signOut: () => {
      setPending(true);
      wantExtras();
      void later()
        .then((module) => module.signOutHere())
        .then(
          (left) => left || setPending(false),
          () => setPending(false),
        );
    },
  };
}

export function SessionShell({ pathname, children }: { pathname: string; children: ReactNode }) {
  const current = currentNavItem(pathname);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const extras = useSyncExternalStore(subscribeExtras, () => extrasWanted, () => false);
  const { signOut, pending } = useRestSignOut();
  useShortcutKeys(goTo, setHelpOpen);

  useEffect(() => {
    if (hasHandedOffToast()) wantExtras();
    else whenIdle(wantExtras);
  }, []);

  // The drawer belongs to narrow screens: widening the window past the breakpoint closes it.
  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (wide.matches) setDrawerOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-control bg-accent px-4 py-2 text-sm font-medium text-accentContrast focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            className="inline-flex size-10 items-center justify-center rounded-control text-text hover:bg-surfaceMuted md:hidden"
          >
            <MenuIcon />
          </button>
          <a href="/dashboard" className="mr-4 inline-flex items-center gap-2.5 rounded-control text-lg font-semibold tracking-tight">
            <LogoMark />
            <span>Onething</span>
          </a>
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {APP_NAV.map((item) => {
                const active = current?.href === item.href;
                return (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      aria-current={active ? 'page' : undefined}
                      className={`inline-flex h-9 items-center rounded-control px-3 text-sm font-medium transition-colors ${
                        active ? 'bg-accentSoft text-text' : 'text-muted hover:bg-surfaceMuted hover:text-text'
                      }`}
                    >
                      {item.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <button
              type="button"
              onClick={openShortcutsHelp}
              aria-label="Keyboard shortcuts (Ctrl+/)"
              title="Keyboard shortcuts (Ctrl+/)"
              className="inline-flex size-10 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text"
            >
              <KeyboardIcon />
            </button>
            <SignOutButtonView placement="header" onClick={signOut} pending={pending} />
          </div>
        </div>
      </header>

      <NavDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        currentHref={current?.href}
        actions={<SignOutButtonView placement="drawer" onClick={signOut} pending={pending} />}
      />

      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10">
        {children}
      </main>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      <SessionExtras open={extras} />
    </div>
  );
}
