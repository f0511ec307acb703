// The header's navigation list (Dashboard, Sessions, Calendar, Breakdown, Account; the current
// page marked with aria-current) of the app shell (./AppShell.tsx), with the app's client-side links.
import { APP_NAV, type NavItem } from '@/lib/app-nav';
import { AppLink } from '../AppLink';

export function MainNav({ current }: { current: NavItem | null }) {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {APP_NAV.map((item) => {
          const active = current?.href === item.href;
          return (
            <li key={item.href}>
              <AppLink
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex h-9 items-center rounded-control px-3 text-sm font-medium transition-colors ${
                  active ? 'bg-accentSoft text-text' : 'text-muted hover:bg-surfaceMuted hover:text-text'
                }`}
              >
                {item.label}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
