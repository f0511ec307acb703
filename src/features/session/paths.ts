// The focus session screen's addresses: /session (the tab's current session) and /sessions/{id}.
// /sessions (the list) is another page.

/** Whether `path` (a path with its query, as src/proxy.ts passes it on) is the focus session screen. */
export function isFocusScreenPath(path: string | null | undefined): boolean {
  if (!path) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === '/session' || /^\/sessions\/[^/]+\/?$/.test(pathname);
}
