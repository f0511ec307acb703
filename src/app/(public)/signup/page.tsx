// /signup: the five-step onboarding. Someone already signed in goes to the
// dashboard instead.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthLayout } from '@/features/auth/AuthLayout';
import { Onboarding } from '@/features/auth/Onboarding';
import { getAuthSession } from '@/server/auth/session';
import { db } from '@/server/db';

export const metadata: Metadata = { title: 'Sign up' };

export default async function SignUpPage() {
  if (await getAuthSession(await headers(), db)) redirect('/dashboard');
  return (
    <AuthLayout>
      <Onboarding />
    </AuthLayout>
  );
}
