// Every signed-in page sits in the app shell: header navigation (a drawer under 768 px), the
// keyboard shortcuts and the shortcuts list. Sign-in checks arrive with the accounts work.
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/AppShell';

export default function AppLayout({ children }: { children: ReactNode }) {
  return <AppShell>{children}</AppShell>;
}
