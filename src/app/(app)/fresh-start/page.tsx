// /fresh-start: a calm screen to give every carried-over task a new place (src/features/today).
import type { Metadata } from 'next';
import { SignedInProviders } from '@/features/auth/SignedInProviders';
import { FreshStartPage } from '@/features/today/FreshStartPage';

export const metadata: Metadata = { title: 'Fresh start' };

export default function Page() {
  return (
    <SignedInProviders>
      <FreshStartPage />
    </SignedInProviders>
  );
}
