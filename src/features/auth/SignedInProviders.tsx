'use client';
// What a signed-in page's client code needs around it: the typed API client with the tab's one
// query cache (src/trpc/react.tsx), and AuthSync (other tabs' sign-out, a 401 sends to /signin).
// Mounted by each page rather than by a layout, so that the dashboard can load all of it after
// its first paint (src/features/dashboard/DashboardIsland.tsx); the cache is one per tab, so a
// navigation between pages keeps it.
import type { ReactNode } from 'react';
import { TRPCReactProvider } from '@/trpc/react';
import { AuthSync } from './AuthSync';

export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <TRPCReactProvider>
      <AuthSync />
      {children}
    </TRPCReactProvider>
  );
}
