// The public pages (landing, sign-in and sign-up, contact, legal): the typed API client and the
// tab's query cache around them (the root layout has none, see src/app/layout.tsx).
import type { ReactNode } from 'react';
import { TRPCReactProvider } from '@/trpc/react';

export default function PublicLayout({ children }: { children: ReactNode }) {
  return <TRPCReactProvider>{children}</TRPCReactProvider>;
}
