'use client';
import type { ReactNode } from 'react';
import { useHydrated } from './useHydrated';

/**
 * An island's server HTML is on screen before its code runs (the dashboard's and the focus
 * session's, src/features/dashboard/DashboardIsland.tsx): `inert` until hydrated, so that nobody
 * clicks a button that does nothing. The server and the hydration render agree ("not hydrated"),
 * and React drops the attribute right after hydration. `display: contents`: the wrapper changes
 * no layout.
 */
export function InertUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className="contents" inert={!hydrated}>
      {children}
    </div>
  );
}
