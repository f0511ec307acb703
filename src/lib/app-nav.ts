// The signed-in app's header navigation and which entry is the current page.

export interface NavItem {
  href: string;
  label: string;
  /** Other routes that belong to this entry (they mark it current too). */
  also?: readonly string[];
}

export const APP_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Dashboard' },
  { href: '/sessions', label: 'Sessions' },
  { href: '/calendar', label: 'Calendar' },
  { href: '/breakdown', label: 'Breakdown' },
  { href: '/account', label: 'Account', also: ['/reset-password'] },
];

function within(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The entry for the page, if any: /sessions/abc is Sessions; /session (the focus screen) is none. */
export function currentNavItem(pathname: string | null | undefined): NavItem | null {
  if (!pathname) return null;
  return APP_NAV.find((item) => within(pathname, item.href) || item.also?.some((href) => within(pathname, href))) ?? null;
}
