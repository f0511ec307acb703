// /reset-password: change the password while signed in.
import type { Metadata } from 'next';
import { ChangePasswordPage } from '@/features/account/ChangePasswordPage';

export const metadata: Metadata = { title: 'Reset Password' };

export default function Page() {
  return <ChangePasswordPage />;
}
