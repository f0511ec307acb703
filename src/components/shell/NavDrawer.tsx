'use client';
// The navigation drawer of narrow screens (src/components/shell/AppShell.tsx opens it): the one
// modal dialog (../Dialog) placed as a drawer, so focus trap, Escape, backdrop and focus return
// are the same as every other dialog's, and it shares their Headless UI code and state.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { APP_NAV } from '@/lib/app-nav';
import { Dialog } from '../Dialog';
import { openShortcutsHelp } from '../shortcut-keys';
import { Logo } from '../Logo';
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
        <Logo href="/dashboard" />
      </div>
      <nav aria-label="Main">
        <ul className="flex flex-col gap-1">
          {APP_NAV.map((item) => {
            const active = currentHref === item.href;
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={() => onClose()}
                  aria-current={active ? 'page' : undefined}
                  className={`flex h-12 items-center rounded-control px-4 text-base font-medium ${
                    active ? 'bg-accentSoft text-text' : 'text-text hover:bg-surfaceMuted'
                  }`}
                >
                  {item.label}
                </Link>
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
