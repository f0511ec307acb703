// /reset-password: change the password while signed in.
import type { Metadata } from 'next';
import { ChangePasswordPage } from '@/features/account/ChangePasswordPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';

export const metadata: Metadata = { title: 'Reset Password' };

export default function Page() {
  return (
    <SignedInProviders>
      <ChangePasswordPage />
    </SignedInProviders>
  );
}
