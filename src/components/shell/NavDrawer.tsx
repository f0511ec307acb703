'use client';
// The navigation drawer of narrow screens (src/components/shell/AppShell.tsx opens it), on
// Headless UI: focus trap, Escape, backdrop. Loaded when first opened.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { APP_NAV } from '@/lib/app-nav';
import { CloseIcon } from '../CloseIcon';
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
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-black/45" aria-hidden />
      <DialogPanel className="fixed inset-y-0 left-0 flex w-[min(20rem,85vw)] flex-col border-r border-border bg-surface p-4 shadow-xl">
        <div className="mb-6 flex items-center justify-between">
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <Logo href="/dashboard" />
          <button
            type="button"
            onClick={() => onClose()}
            aria-label="Close menu"
            className="inline-flex size-10 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text"
          >
            <CloseIcon />
          </button>
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
        <div className="mt-auto flex flex-col gap-1">
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
      </DialogPanel>
    </Dialog>
  );
}
