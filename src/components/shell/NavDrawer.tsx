'use client';
// The navigation drawer of narrow screens (src/components/shell/AppShell.tsx opens it): the one
// modal dialog (../Dialog) placed as a drawer, so focus trap, Escape, backdrop and focus return
// are the same as every other dialog's, and it shares their Headless UI code and state. Its
// links are the app's own (AppLink, as the header's): no prefetch of the five pages each time the
// drawer opens (each a request and a decode of the route's tree on the main thread); a tap
// navigates inside the app.
import type { ReactNode } from 'react';
import { APP_NAV } from '@/lib/app-nav';
import { AppLink } from '../AppLink';
import { Dialog } from '../Dialog';
import { openShortcutsHelp } from '../shortcut-keys';
import { AppLogo } from '../AppLogo';
import { KeyboardIcon } from './icons';

export interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The current page's navigation entry, marked with aria-current. */
  currentHref?: string;
  /** Extra entries at the foot of the drawer (Sign out). */
  actions?: ReactNode;
}

export function NavDrawer({ open, onClose, currentHref, actions }: NavDrawerProps) {
  return (
    <Dialog open={open} onClose={onClose} placement="drawer" label="Menu" closeLabel="Close menu">
      <div className="mb-6 flex h-10 items-center pr-12">
        <AppLogo href="/dashboard" />
      </div>
      <nav aria-label="Main">
        <ul className="flex flex-col gap-1">
          {APP_NAV.map((item) => {
            const active = currentHref === item.href;
            return (
              <li key={item.href}>
                <AppLink
                  href={item.href}
                  onClick={() => onClose()}
                  aria-current={active ? 'page' : undefined}
                  className={`flex h-12 items-center rounded-control px-4 text-base font-medium ${
                    active ? 'bg-accentSoft text-text' : 'text-text hover:bg-surfaceMuted'
                  }`}
                >
                  {item.label}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-auto flex flex-col gap-1 pt-6">
        <button
          type="button"
          onClick={() => {
            onClose();
            openShortcutsHelp();
          }}
          className="flex h-12 items-center gap-3 rounded-control px-4 text-left text-sm font-medium text-muted hover:bg-surfaceMuted hover:text-text"
        >
          <KeyboardIcon />
          Keyboard shortcuts
        </button>
        {actions}
      </div>
    </Dialog>
  );
}
