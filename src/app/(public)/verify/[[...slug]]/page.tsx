// /verify/{email}/{token}: the link from the verification e-mail (the e-mail URL-encoded). Also
// answers /verify and /verify/{email} alone, with 'Invalid verification link'.
import type { Metadata } from 'next';
import { AuthLayout } from '@/features/auth/AuthLayout';
import { VerifyEmail } from '@/features/auth/VerifyEmail';
import { TRPCReactProvider } from '@/trpc/react';

export const metadata: Metadata = { title: 'Verify your email', robots: { index: false } };

/** A path segment as sent: Next hands them over still encoded in some versions, decoded in others. */
function segment(value: string | undefined): string | null {
  if (!value) return null;
  let decoded = value;
  try {
    if (/%[0-9a-f]{2}/i.test(value)) decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  decoded = decoded.trim();
  return decoded || null;
}

export default async function VerifyPage({ params }: { params: Promise<{ slug?: string[] }> }) {
  const { slug = [] } = await params;
  return (
    <AuthLayout>
      <TRPCReactProvider>
        <VerifyEmail email={segment(slug[0])} token={segment(slug[1])} />
      </TRPCReactProvider>
    </AuthLayout>
  );
}
