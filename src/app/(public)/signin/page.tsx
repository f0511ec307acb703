// /signin. Someone already signed in goes straight on to where they were going
// (`?next=`) or to the dashboard. `?email=` fills in the address (after a password reset);
// `?forgot=1` opens the Forgot password dialog (from an expired reset link).
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthLayout } from '@/features/auth/AuthLayout';
import { firstParam, safeNextPath } from '@/features/auth/next-path';
import { SignInForm } from '@/features/auth/SignInForm';
import { pageSession } from '@/server/inbound/page-session';

export const metadata: Metadata = { title: 'Sign in' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNextPath(firstParam(params.next));
  if (await pageSession(await headers())) redirect(next ?? '/dashboard');
  return (
    <AuthLayout>
      <SignInForm next={next} initialEmail={firstParam(params.email)?.slice(0, 254) ?? ''} openForgot={firstParam(params.forgot) === '1'} />
    </AuthLayout>
  );
}
