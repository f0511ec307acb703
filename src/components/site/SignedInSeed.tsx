'use client';
// Whether the visitor is signed in, as the server saw it when it rendered a public page
// (src/components/site/SiteLayout.tsx): useSignedIn() starts from it instead of asking
// /api/auth/me, so a signed-out visitor's page sends no request that answers 401 (a console
// error in every browser) and goes network-quiet at once.
import { createContext, type ReactNode } from 'react';

export const SignedInSeedContext = createContext<boolean | undefined>(undefined);

export function SignedInSeed({ signedIn, children }: { signedIn: boolean | undefined; children: ReactNode }) {
  return <SignedInSeedContext value={signedIn}>{children}</SignedInSeedContext>;
}
