// /signup: the five-step onboarding. Someone already signed in goes to the
// dashboard instead.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthLayout } from '@/features/auth/AuthLayout';
import { Onboarding } from '@/features/auth/Onboarding';
import { pageSession } from '@/server/inbound/page-session';

export const metadata: Metadata = { title: 'Sign up' };

export default async function SignUpPage() {
  if (await pageSession(await headers())) redirect('/dashboard');
  return (
    <AuthLayout>
      <Onboarding />
    </AuthLayout>
  );
}
