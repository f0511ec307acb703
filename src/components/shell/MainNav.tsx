// The header's navigation list (Dashboard, Sessions, Calendar, Breakdown, Account; the current
// page marked with aria-current), shared by the app shell (src/components/shell/AppShell.tsx,
// with the app's client-side links) and the focus session's static header (src/features/session/ShellHeader.tsx,
// with plain links: that page is on the Pages Router and its header is never hydrated).
import type { ComponentType, ReactNode } from 'react';
import { APP_NAV, type NavItem } from '@/lib/app-nav';

type NavLinkProps = { href: string; className: string; 'aria-current'?: 'page'; children: ReactNode };

function PlainLink({ children, ...props }: NavLinkProps) {
  return <a {...props}>{children}</a>;
}

export function MainNav({ current, link: NavLink = PlainLink }: { current: NavItem | null; link?: ComponentType<NavLinkProps> }) {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {APP_NAV.map((item) => {
          const active = current?.href === item.href;
          return (
            <li key={item.href}>
              <NavLink
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex h-9 items-center rounded-control px-3 text-sm font-medium transition-colors ${
                  active ? 'bg-accentSoft text-text' : 'text-muted hover:bg-surfaceMuted hover:text-text'
                }`}
              >
                {item.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
