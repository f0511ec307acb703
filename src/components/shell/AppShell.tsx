'use client';
// The frame of every signed-in page: the app's name, header navigation (Dashboard, Sessions,
// Calendar, Breakdown, Account; the current page marked with aria-current) that folds into a side
// drawer under 768 px, a button that lists the keyboard shortcuts, and the shortcuts themselves.
// Pages put their own title in with <PageHeader>. The app layout fills the `headerActions` and
// `drawerActions` slots (Sign out), so the shell itself knows nothing about accounts.
import { usePathname } from 'next/navigation';
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { currentNavItem } from '@/lib/app-nav';
import { lazyUntilOpen } from '../lazy';
import { useHydrated } from '../useHydrated';
import { KeyboardShortcuts, openShortcutsHelp } from '../KeyboardShortcuts';
import { AppLogo } from '../AppLogo';
import { KeyboardIcon, MenuIcon } from './icons';
import { MainNav } from './MainNav';
import type { NavDrawerProps } from './NavDrawer';
import { SkipLink } from '../SkipLink';
import { useCloseWhenWide } from './useCloseWhenWide';

// The drawer (the lazy Dialog as a drawer, with its links) loads when first opened: src/components/lazy.tsx.
const NavDrawer = lazyUntilOpen<NavDrawerProps>(() => import('./NavDrawer').then((module) => module.NavDrawer));

export function AppShell({
  children,
  pathname: pathnameOverride,
  headerActions,
  drawerActions,
}: {
  children: ReactNode;
  pathname?: string;
  /** Extra entries at the right of the header (wide screens). */
  headerActions?: ReactNode;
  /** Extra entries at the foot of the drawer (narrow screens). */
  drawerActions?: ReactNode;
}) {
  const routerPathname = usePathname();
  const pathname = pathnameOverride ?? routerPathname;
  const current = currentNavItem(pathname);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useCloseWhenWide(setDrawerOpen);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-bg/90 backdrop-blur supports-[backdrop-filter]:bg-bg/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <HeaderButton
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            className="inline-flex size-10 items-center justify-center rounded-control text-text hover:bg-surfaceMuted md:hidden"
          >
            <MenuIcon />
          </HeaderButton>
          <AppLogo href="/dashboard" className="mr-4" />
          <MainNav current={current} />
          <div className="ml-auto flex items-center gap-1">
            <HeaderButton
              onClick={openShortcutsHelp}
              aria-label="Keyboard shortcuts (Ctrl+/)"
              title="Keyboard shortcuts (Ctrl+/)"
              className="inline-flex size-10 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text"
            >
              <KeyboardIcon />
            </HeaderButton>
            {headerActions}
          </div>
        </div>
      </header>

      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} currentHref={current?.href} actions={drawerActions} />

      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10">
        {children}
      </main>
      <KeyboardShortcuts />
    </div>
  );
}

/**
 * A header button. It is in the server's HTML before its code runs: until then it says it is
 * unavailable (no click or key is taken and lost), which a test waits out as well. Its own
 * component, so that React's synchronous render right after hydration (useHydrated) is the two
 * buttons alone, not the whole header with its navigation.
 */
function HeaderButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'aria-disabled'>) {
  const hydrated = useHydrated();
  return <button type="button" {...props} aria-disabled={hydrated ? undefined : true} />;
}

/** A page's title row: the heading, an optional line under it and actions on the right. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="mt-2 text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}
