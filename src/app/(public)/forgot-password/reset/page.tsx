// /forgot-password/reset?email=…&token=…: the link from the password-reset e-mail (see
// RESET_PAGE_PATH in src/server/services/auth.service.ts).
import type { Metadata } from 'next';
import { AuthLayout } from '@/features/auth/AuthLayout';
import { firstParam } from '@/features/auth/next-path';
import { ResetPasswordForm } from '@/features/auth/ResetPasswordForm';
import { TRPCReactProvider } from '@/trpc/react';

export const metadata: Metadata = { title: 'Choose a new password', robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ResetPasswordFromLinkPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const email = firstParam(params.email)?.trim() || null;
  const token = firstParam(params.token)?.trim() || null;
  return (
    <AuthLayout>
      <TRPCReactProvider>
        <ResetPasswordForm email={email} token={token} />
      </TRPCReactProvider>
    </AuthLayout>
  );
}
